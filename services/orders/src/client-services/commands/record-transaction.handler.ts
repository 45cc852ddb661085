import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  isStatusCorrection,
  type CommandResult,
  type FieldError,
  type ServiceTransactionInput,
  type ServiceTransactionInputSchema,
} from '@backoffice/contracts';
import { ForbiddenError, InvalidInputError } from '@backoffice/platform';
import type { z } from 'zod';
import type { Actor } from '../client-service.aggregate';
import { mayAccessClientService, seesAllClientServices, type Reader } from '../client-service-access.policy';
import { correctionReasonMessage } from '../client-service-status.policy';
import { ClientServiceRepository } from '../client-service.repository';

export const TRANSACTION_TITLE = 'insert';

/** A transaction that keeps the status and carries neither a note nor an image records nothing. */
export const emptyTransactionMessage = (status: string) =>
  `Nothing to record: the status stays ${status}. Choose another status, write a note or attach an image.`;

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
    const fileIds = input.files ?? [];
    return this.clientServices.change(input.clientServiceId, async (aggregate, tx) => {
      if (!mayAccessClientService(user, aggregate.state)) throw new ForbiddenError('This client service is not assigned to you.');
      const errors: FieldError[] = [];
      // Admin and Manager may correct a status (backwards, or out of a final one), with the note as the reason.
      const mayCorrect = seesAllClientServices(user);
      if (input.status === aggregate.state.status && !(input.note ?? '').trim() && fileIds.length === 0) {
        errors.push({ path: 'note', message: emptyTransactionMessage(input.status) });
      } else if (mayCorrect && isStatusCorrection(aggregate.state.status, input.status) && !(input.note ?? '').trim()) {
        errors.push({ path: 'note', message: correctionReasonMessage(aggregate.state.status, input.status) });
      }
      if (input.serviceId !== undefined && input.serviceId !== aggregate.state.serviceId) {
        errors.push({
          path: 'serviceId',
          message: `The client service is for service ${aggregate.state.serviceId}, not ${input.serviceId}.`,
        });
      }
      const files = await tx.files(fileIds);
      fileIds.forEach((id, index) => {
        const file = files.find((f) => f.id === id);
        if (!file || file.clientServiceId !== aggregate.id) {
          errors.push({ path: `files.${index}`, message: 'Upload the image to this client service first.' });
        } else if (file.kind !== 'transaction') {
          errors.push({ path: `files.${index}`, message: `${file.name} is a document of the client, not a transaction image.` });
        } else if (file.transactionId) {
          errors.push({ path: `files.${index}`, message: `${file.name} already belongs to another transaction.` });
        }
      });
      if (errors.length) throw new InvalidInputError(errors);

      const outcome = aggregate.recordTransaction({ status: input.status, note: input.note ?? '', files: fileIds }, user, at, {
        mayCorrect,
      });
      if (outcome.transaction) {
        tx.addTransaction(outcome.transaction);
        for (const file of files) file.transactionId = outcome.transaction.id;
      }
      return { success: outcome.success, message: outcome.message, title: TRANSACTION_TITLE, clientServiceId: aggregate.id };
    });
  }
}
