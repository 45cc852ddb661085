import type { ClientServiceEventDataByType, ClientServiceEventType } from '@backoffice/contracts';

/** A domain event of a client service; `data` is exactly what orders.client-service.v1 carries. */
export class ClientServiceEvent<T extends ClientServiceEventType = ClientServiceEventType> {
  constructor(
    readonly type: T,
    readonly clientServiceId: string,
    readonly data: ClientServiceEventDataByType[T],
  ) {}
}
