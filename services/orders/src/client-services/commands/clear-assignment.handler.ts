import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandResult } from '@backoffice/contracts';
import type { Actor } from '../client-service.aggregate';
import { ClientServiceRepository } from '../client-service.repository';
import { assignmentResult } from './assignment-result';

/** Clears the branch or the service provider of a client service. */
export class ClearAssignmentCommand extends Command<CommandResult> {
  constructor(
    readonly clientServiceId: string,
    readonly assignment: 'branch' | 'provider',
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(ClearAssignmentCommand)
export class ClearAssignmentHandler implements ICommandHandler<ClearAssignmentCommand, CommandResult> {
  constructor(private readonly clientServices: ClientServiceRepository) {}

  async execute({ clientServiceId, assignment, actor }: ClearAssignmentCommand): Promise<CommandResult> {
    const outcome = await this.clientServices.change(clientServiceId, (aggregate) =>
      assignment === 'branch' ? aggregate.clearBranch(actor) : aggregate.clearProvider(actor),
    );
    return assignmentResult(outcome, clientServiceId);
  }
}
