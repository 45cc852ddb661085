import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandResult } from '@backoffice/contracts';
import { DirectoryClient } from '../../directory/directory.client';
import type { Caller } from '../../directory/caller.decorator';
import type { Actor } from '../client-service.aggregate';
import { ClientServiceStore } from '../client-service.store';

export const ASSIGN_TITLE = 'Assign';

export class AssignBranchCommand extends Command<CommandResult> {
  constructor(
    readonly clientServiceId: string,
    readonly branchId: number,
    readonly actor: Actor,
    readonly caller: Caller,
  ) {
    super();
  }
}

export class ClearBranchCommand extends Command<CommandResult> {
  constructor(
    readonly clientServiceId: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

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

export class ClearProviderCommand extends Command<CommandResult> {
  constructor(
    readonly clientServiceId: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

const answer = (outcome: { success: boolean; message: string }, clientServiceId: string): CommandResult => ({
  ...outcome,
  title: ASSIGN_TITLE,
  clientServiceId,
});

@CommandHandler(AssignBranchCommand)
export class AssignBranchHandler implements ICommandHandler<AssignBranchCommand, CommandResult> {
  constructor(
    private readonly store: ClientServiceStore,
    private readonly directory: DirectoryClient,
  ) {}

  async execute({ clientServiceId, branchId, actor, caller }: AssignBranchCommand): Promise<CommandResult> {
    await this.store.get(clientServiceId); // 404 before asking scheduling
    // Asked outside the transaction: no row stays locked while another service answers.
    const branch = await this.directory.branch(branchId, caller.authorization, caller.requestId);
    return answer(await this.store.change(clientServiceId, (aggregate) => aggregate.assignBranch(branch, actor)), clientServiceId);
  }
}

@CommandHandler(ClearBranchCommand)
export class ClearBranchHandler implements ICommandHandler<ClearBranchCommand, CommandResult> {
  constructor(private readonly store: ClientServiceStore) {}

  async execute({ clientServiceId, actor }: ClearBranchCommand): Promise<CommandResult> {
    return answer(await this.store.change(clientServiceId, (aggregate) => aggregate.clearBranch(actor)), clientServiceId);
  }
}

@CommandHandler(AssignProviderCommand)
export class AssignProviderHandler implements ICommandHandler<AssignProviderCommand, CommandResult> {
  constructor(
    private readonly store: ClientServiceStore,
    private readonly directory: DirectoryClient,
  ) {}

  async execute({ clientServiceId, providerId, actor, caller }: AssignProviderCommand): Promise<CommandResult> {
    await this.store.get(clientServiceId);
    const provider = await this.directory.provider(providerId, caller.authorization, caller.requestId);
    return answer(await this.store.change(clientServiceId, (aggregate) => aggregate.assignProvider(provider, actor)), clientServiceId);
  }
}

@CommandHandler(ClearProviderCommand)
export class ClearProviderHandler implements ICommandHandler<ClearProviderCommand, CommandResult> {
  constructor(private readonly store: ClientServiceStore) {}

  async execute({ clientServiceId, actor }: ClearProviderCommand): Promise<CommandResult> {
    return answer(await this.store.change(clientServiceId, (aggregate) => aggregate.clearProvider(actor)), clientServiceId);
  }
}
