import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandResult } from '@backoffice/contracts';
import { DirectoryClient } from '../../directory/directory.client';
import type { Caller } from '../../directory/caller.decorator';
import type { Actor } from '../client-service.aggregate';
import { ClientServiceRepository } from '../client-service.repository';
import { assignmentResult } from './assignment-result';

export class AssignProviderCommand extends Command<CommandResult> {
  constructor(
    readonly clientServiceId: string,
    readonly providerId: string,
    readonly actor: Actor,
    readonly caller: Caller,
  ) {
    super();
  }
}

@CommandHandler(AssignProviderCommand)
export class AssignProviderHandler implements ICommandHandler<AssignProviderCommand, CommandResult> {
  constructor(
    private readonly clientServices: ClientServiceRepository,
    private readonly directory: DirectoryClient,
  ) {}

  async execute({ clientServiceId, providerId, actor, caller }: AssignProviderCommand): Promise<CommandResult> {
    await this.clientServices.get(clientServiceId);
    const provider = await this.directory.provider(providerId, caller.authorization, caller.requestId);
    return assignmentResult(
      await this.clientServices.change(clientServiceId, (aggregate) => aggregate.assignProvider(provider, actor)),
      clientServiceId,
    );
  }
}
