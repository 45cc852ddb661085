import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandResult } from '@backoffice/contracts';
import type { Actor } from '../client-service.aggregate';
import { ClientServiceStore } from '../client-service.store';
import { assignmentResult } from './assignment-result';

export class ClearProviderCommand extends Command<CommandResult> {
  constructor(
    readonly clientServiceId: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(ClearProviderCommand)
export class ClearProviderHandler implements ICommandHandler<ClearProviderCommand, CommandResult> {
  constructor(private readonly store: ClientServiceStore) {}

  async execute({ clientServiceId, actor }: ClearProviderCommand): Promise<CommandResult> {
    return assignmentResult(await this.store.change(clientServiceId, (aggregate) => aggregate.clearProvider(actor)), clientServiceId);
  }
}
