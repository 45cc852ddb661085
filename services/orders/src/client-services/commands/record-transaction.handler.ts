import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandResult, type ServiceTransactionInput, type ServiceTransactionInputSchema } from '@backoffice/contracts';
import { ForbiddenError, InvalidInputError } from '@backoffice/platform';
import type { z } from 'zod';
import type { Actor } from '../client-service.aggregate';
import { mayAccessClientService, seesAllClientServices, type Reader } from '../client-service-access.policy';
import { ClientServiceRepository } from '../client-service.repository';

export const TRANSACTION_TITLE = 'insert';

export type ServiceTransactionValues = z.output<typeof ServiceTransactionInputSchema>;

/** POST /api/ServiceTransaction: a status change, or a note, with images uploaded beforehand. */
export class RecordTransactionCommand extends Command<CommandResult> {
  constructor(
    readonly input: ServiceTransactionValues | ServiceTransactionInput,
    readonly user: Actor & Reader,
    /** When it happened: now, except for back-dated demo data. */
    readonly at: Date = new Date(),
  ) {
    super();
  }
}

@CommandHandler(RecordTransactionCommand)
export class RecordTransactionHandler implements ICommandHandler<RecordTransactionCommand, CommandResult> {
  constructor(private readonly clientServices: ClientServiceRepository) {}

  execute({ input, user, at }: RecordTransactionCommand): Promise<CommandResult> {
    const request = { status: input.status, note: input.note ?? '', files: input.files ?? [], serviceId: input.serviceId };
    return this.clientServices.change(input.clientServiceId, async (aggregate, tx) => {
      if (!mayAccessClientService(user, aggregate.state)) throw new ForbiddenError('This client service is not assigned to you.');
      // Admin and Manager may correct a status (backwards, or out of a final one), with the note as the reason.
      const outcome = aggregate.recordTransaction(request, user, at, {
        mayCorrect: seesAllClientServices(user),
        found: await tx.files(request.files),
      });
      if (outcome.refusals) throw new InvalidInputError(outcome.refusals);
      if (outcome.transaction) tx.addTransaction(outcome.transaction);
      return { success: outcome.success, message: outcome.message, title: TRANSACTION_TITLE, clientServiceId: aggregate.id };
    });
  }
}
