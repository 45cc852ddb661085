import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandResult } from '@backoffice/contracts';
import type { Actor } from '../client-service.aggregate';
import { ClientServiceStore } from '../client-service.store';
import { assignmentResult } from './assignment-result';

export class ClearBranchCommand extends Command<CommandResult> {
  constructor(
    readonly clientServiceId: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(ClearBranchCommand)
export class ClearBranchHandler implements ICommandHandler<ClearBranchCommand, CommandResult> {
  constructor(private readonly store: ClientServiceStore) {}

  async execute({ clientServiceId, actor }: ClearBranchCommand): Promise<CommandResult> {
    return assignmentResult(await this.store.change(clientServiceId, (aggregate) => aggregate.clearBranch(actor)), clientServiceId);
  }
}
