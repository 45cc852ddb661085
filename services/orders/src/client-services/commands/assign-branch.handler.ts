import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandResult } from '@backoffice/contracts';
import { DirectoryClient } from '../../directory/directory.client';
import type { Caller } from '../../directory/caller.decorator';
import type { Actor } from '../client-service.aggregate';
import { ClientServiceRepository } from '../client-service.repository';
import { assignmentResult } from './assignment-result';

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

@CommandHandler(AssignBranchCommand)
export class AssignBranchHandler implements ICommandHandler<AssignBranchCommand, CommandResult> {
  constructor(
    private readonly clientServices: ClientServiceRepository,
    private readonly directory: DirectoryClient,
  ) {}

  async execute({ clientServiceId, branchId, actor, caller }: AssignBranchCommand): Promise<CommandResult> {
    await this.clientServices.get(clientServiceId); // 404 before asking scheduling
    // Asked outside the transaction: no row stays locked while another service answers.
    const branch = await this.directory.branch(branchId, caller.authorization, caller.requestId);
    return assignmentResult(
      await this.clientServices.change(clientServiceId, (aggregate) => aggregate.assignBranch(branch, actor)),
      clientServiceId,
    );
  }
}
