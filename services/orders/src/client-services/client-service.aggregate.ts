import { AggregateRoot } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import {
  isStatusCorrection,
  type ClientServiceEventDataByType,
  type ClientServiceEventType,
  type ClientServiceStatus,
  type FieldError,
} from '@backoffice/contracts';
import type { ClientServiceFileEntity } from './client-service-file.entity';
import { ClientServiceEntity } from './client-service.entity';
import { ServiceTransactionEntity } from './service-transaction.entity';
import { ClientServiceEvent } from './client-service.events';
import { correctionReasonMessage, decideStatusTransition, isFinalStatus } from './client-service-status.policy';

export interface Actor {
  id: string;
  name: string;
}

/** What a command answers: a broken rule is `success: false` with a sentence, never an exception. */
export interface Outcome {
  success: boolean;
  message: string;
}

/** A transaction asked for: the status it moves to (or keeps), its note, its images, and the service it is for. */
export interface TransactionRequest {
  status: ClientServiceStatus;
  note: string;
  /** The ids of its images, uploaded beforehand. */
  files: string[];
  /** When given, the catalogue service the caller believes the client service is for. */
  serviceId?: number;
}

/** What recording a transaction answers: the transaction made, or, refused for what it asks, every broken rule on its field. */
export interface TransactionOutcome extends Outcome {
  transaction?: ServiceTransactionEntity;
  refusals?: FieldError[];
}

/** A transaction that keeps the status and carries neither a note nor an image records nothing. */
export const emptyTransactionMessage = (status: string) =>
  `Nothing to record: the status stays ${status}. Choose another status, write a note or attach an image.`;

export interface SubmissionSource {
  orderId: string;
  userId: string | null;
  serviceId: number;
  serviceName: string;
  deliveryType: string;
  jsonData: Record<string, unknown>;
}

/**
 * The ClientService aggregate: the one place its rules live (status transitions through
 * client-service-status.policy, assignments, fulfilment). Each change applies a domain event;
 * the command handler writes them to the outbox in the same transaction and commits them to the
 * in-process event bus afterwards.
 */
export class ClientServiceAggregate extends AggregateRoot<ClientServiceEvent> {
  constructor(readonly state: ClientServiceEntity) {
    super();
  }

  get id(): string {
    return this.state.id;
  }

  static submit(source: SubmissionSource, actor: Actor, now = new Date()): ClientServiceAggregate {
    const state = new ClientServiceEntity();
    Object.assign(state, {
      orderId: source.orderId,
      userId: source.userId,
      serviceId: source.serviceId,
      serviceName: source.serviceName,
      deliveryType: source.deliveryType,
      status: 'Created' satisfies ClientServiceStatus,
      createdDate: now,
      jsonData: source.jsonData,
    });
    const aggregate = new ClientServiceAggregate(state);
    aggregate.raise('submitted', {
      ...aggregate.base(actor),
      userId: source.userId,
      serviceId: source.serviceId,
      serviceName: source.serviceName,
      status: 'Created',
      createdDate: now.toISOString(),
    });
    return aggregate;
  }

  assignBranch(branch: { id: number; name: string | null; active: boolean }, actor: Actor): Outcome {
    const label = branch.name ?? `#${branch.id}`;
    const final = this.finalRefusal('branch');
    if (final) return final;
    if (this.state.branchId === branch.id)
      return { success: true, message: `The client service is already assigned to the branch ${label}.` };
    if (!branch.active) return { success: false, message: `The branch ${label} is inactive; choose an active branch.` };
    const previousBranchId = this.state.branchId;
    this.state.branchId = branch.id;
    this.state.branchName = branch.name;
    this.raise('branch-assigned', { ...this.base(actor), branchId: branch.id, branchName: branch.name, previousBranchId });
    return { success: true, message: `The client service is assigned to the branch ${label}.` };
  }

  clearBranch(actor: Actor): Outcome {
    const final = this.finalRefusal('branch');
    if (final) return final;
    const previousBranchId = this.state.branchId;
    if (previousBranchId === null) return { success: false, message: 'The client service has no branch to clear.' };
    this.state.branchId = null;
    this.state.branchName = null;
    this.raise('branch-cleared', { ...this.base(actor), previousBranchId });
    return { success: true, message: 'The branch was cleared from the client service.' };
  }

  assignProvider(provider: { id: string; name: string | null; isProvider: boolean; active: boolean }, actor: Actor): Outcome {
    const label = provider.name ?? provider.id;
    const final = this.finalRefusal('provider');
    if (final) return final;
    if (this.state.providerId === provider.id) {
      return { success: true, message: `The client service is already assigned to the provider ${label}.` };
    }
    if (!provider.isProvider) return { success: false, message: `${label} is not a service provider.` };
    if (!provider.active) return { success: false, message: `${label} is deactivated; choose an active service provider.` };
    const previousProviderId = this.state.providerId;
    this.state.providerId = provider.id;
    this.state.providerName = provider.name;
    this.raise('provider-assigned', { ...this.base(actor), providerId: provider.id, providerName: provider.name, previousProviderId });
    return { success: true, message: `The client service is assigned to the provider ${label}.` };
  }

  clearProvider(actor: Actor): Outcome {
    const final = this.finalRefusal('provider');
    if (final) return final;
    const previousProviderId = this.state.providerId;
    if (previousProviderId === null) return { success: false, message: 'The client service has no provider to clear.' };
    this.state.providerId = null;
    this.state.providerName = null;
    this.raise('provider-cleared', { ...this.base(actor), previousProviderId });
    return { success: true, message: 'The provider was cleared from the client service.' };
  }

  /**
   * A transaction: moves the status when the rules allow it, records a note only when the status is
   * the current one, and is refused otherwise (the message names both statuses).
   */
  /**
   * Every refusal of a transaction for what it asks, on its fields: nothing to record, a correction (Admin and
   * Manager may move a status backwards or out of a final one) without its reason in the note, another service's id,
   * images not uploaded to this client service as transaction images or already used. `found` are the files its
   * ids name, as loaded.
   */
  refusalsOf(input: TransactionRequest, found: readonly ClientServiceFileEntity[], { mayCorrect = false } = {}): FieldError[] {
    const refusals: FieldError[] = [];
    const note = input.note.trim();
    if (input.status === this.state.status && !note && input.files.length === 0) {
      refusals.push({ path: 'note', message: emptyTransactionMessage(input.status) });
    } else if (mayCorrect && isStatusCorrection(this.state.status, input.status) && !note) {
      refusals.push({ path: 'note', message: correctionReasonMessage(this.state.status, input.status) });
    }
    if (input.serviceId !== undefined && input.serviceId !== this.state.serviceId) {
      refusals.push({ path: 'serviceId', message: `The client service is for service ${this.state.serviceId}, not ${input.serviceId}.` });
    }
    input.files.forEach((id, index) => {
      const file = found.find((candidate) => candidate.id === id);
      if (!file || file.clientServiceId !== this.state.id) {
        refusals.push({ path: `files.${index}`, message: 'Upload the image to this client service first.' });
      } else if (file.kind !== 'transaction') {
        refusals.push({ path: `files.${index}`, message: `${file.name} is a document of the client, not a transaction image.` });
      } else if (file.transactionId) {
        refusals.push({ path: `files.${index}`, message: `${file.name} already belongs to another transaction.` });
      }
    });
    return refusals;
  }

  /**
   * Records a transaction: a status change (through client-service-status.policy), a correction, or a note. A request
   * its fields make impossible answers `refusals`, every broken rule (see refusalsOf); a status move the policy refuses
   * is `success: false` with its sentence. The images it names (`found`, loaded) become the transaction's.
   */
  recordTransaction(
    input: TransactionRequest,
    actor: Actor,
    now = new Date(),
    { mayCorrect = false, found = [] }: { mayCorrect?: boolean; found?: readonly ClientServiceFileEntity[] } = {},
  ): TransactionOutcome {
    const refusals = this.refusalsOf(input, found, { mayCorrect });
    if (refusals.length) return { success: false, message: refusals[0].message, refusals };
    const decision = decideStatusTransition(this.state.status, input.status, { mayCorrect });
    if (decision.kind === 'refused') return { success: false, message: decision.message };
    const transaction = new ServiceTransactionEntity();
    Object.assign(transaction, {
      id: randomUUID(),
      clientServiceId: this.state.id,
      serviceId: this.state.serviceId,
      status: input.status,
      previousStatus: this.state.status,
      note: input.note,
      files: input.files,
      date: now,
      actorId: actor.id,
      actorName: actor.name,
    });
    if (decision.kind === 'change' || decision.kind === 'correction') {
      this.state.status = decision.to;
      if (decision.to === 'Completed') {
        this.state.fulfillmentDate = now;
        this.state.fulfillmentDuration = Math.max(0, Math.round((now.getTime() - this.state.createdDate.getTime()) / 1000));
      } else if (decision.from === 'Completed') {
        // A completion undone by a correction: not fulfilled any more.
        this.state.fulfillmentDate = null;
        this.state.fulfillmentDuration = null;
      }
      this.raise('status-changed', {
        ...this.base(actor),
        from: decision.from,
        to: decision.to,
        note: input.note,
        transactionId: transaction.id,
        date: now.toISOString(),
        ...(decision.kind === 'correction' ? { correction: true } : {}),
      });
    }
    for (const file of found) file.transactionId = transaction.id;
    return { success: true, message: decision.message, transaction };
  }

  private finalRefusal(what: 'branch' | 'provider'): Outcome | undefined {
    if (!isFinalStatus(this.state.status)) return undefined;
    return { success: false, message: `The client service is ${this.state.status}; its ${what} can no longer change.` };
  }

  private base(actor: Actor) {
    return { clientServiceId: this.state.id, orderId: this.state.orderId, actorId: actor.id };
  }

  private raise<T extends ClientServiceEventType>(type: T, data: ClientServiceEventDataByType[T]): void {
    this.apply(new ClientServiceEvent(type, this.state.id, data), { skipHandler: true });
  }
}
