import { ClientServiceAggregate } from './client-service.aggregate';
import { ClientServiceFileEntity } from './client-service-file.entity';

const actor = { id: '11111111-1111-4111-8111-111111111111', name: 'Maria Manager' };
const created = new Date('2026-03-01T10:00:00.000Z');

function submitted() {
  const aggregate = ClientServiceAggregate.submit(
    { orderId: 'order-1', userId: null, serviceId: 7, serviceName: 'Tourist visa application', deliveryType: 'Online', jsonData: {} },
    actor,
    created,
  );
  aggregate.uncommit();
  return aggregate;
}

/** A file as the repository loads it: an image uploaded to `clientServiceId` (a transaction image unless told). */
function file(id: string, clientServiceId: string, fields: Partial<ClientServiceFileEntity> = {}): ClientServiceFileEntity {
  return Object.assign(new ClientServiceFileEntity(), {
    id,
    clientServiceId,
    kind: 'transaction',
    name: `${id}.png`,
    transactionId: null,
    ...fields,
  });
}

const types = (aggregate: ClientServiceAggregate) => aggregate.getUncommittedEvents().map((e) => e.type);

describe('ClientServiceAggregate', () => {
  it('starts Created and raises submitted', () => {
    const aggregate = ClientServiceAggregate.submit(
      { orderId: 'order-1', userId: 'u-1', serviceId: 7, serviceName: 'Visa', deliveryType: 'Online', jsonData: { a: 1 } },
      actor,
      created,
    );
    expect(aggregate.state).toMatchObject({ status: 'Created', orderId: 'order-1', serviceId: 7, createdDate: created });
    expect(aggregate.getUncommittedEvents()[0]).toMatchObject({
      type: 'submitted',
      clientServiceId: aggregate.id,
      data: { clientServiceId: aggregate.id, serviceId: 7, status: 'Created', actorId: actor.id, userId: 'u-1' },
    });
  });

  it('assigns and clears a branch and a provider, raising one event per change only', () => {
    const aggregate = submitted();
    expect(aggregate.assignBranch({ id: 3, name: 'Downtown', active: true }, actor)).toEqual({
      success: true,
      message: 'The client service is assigned to the branch Downtown.',
    });
    expect(aggregate.assignBranch({ id: 3, name: 'Downtown', active: true }, actor).success).toBe(true); // same again: no event
    expect(aggregate.assignProvider({ id: 'p-1', name: 'Pat', isProvider: true, active: true }, actor).success).toBe(true);
    expect(aggregate.clearBranch(actor).success).toBe(true);
    expect(aggregate.clearBranch(actor)).toEqual({ success: false, message: 'The client service has no branch to clear.' });
    expect(aggregate.clearProvider(actor).success).toBe(true);
    expect(types(aggregate)).toEqual(['branch-assigned', 'provider-assigned', 'branch-cleared', 'provider-cleared']);
    expect(aggregate.state).toMatchObject({ branchId: null, branchName: null, providerId: null, providerName: null });
  });

  it('refuses an inactive branch, a user who is not a provider, and any assignment once final', () => {
    const aggregate = submitted();
    expect(aggregate.assignBranch({ id: 4, name: 'Old office', active: false }, actor).success).toBe(false);
    expect(aggregate.assignProvider({ id: 'u-9', name: 'Sam', isProvider: false, active: true }, actor)).toEqual({
      success: false,
      message: 'Sam is not a service provider.',
    });
    aggregate.recordTransaction({ status: 'Cancelled', note: '', files: [] }, actor);
    expect(aggregate.assignBranch({ id: 3, name: 'Downtown', active: true }, actor)).toEqual({
      success: false,
      message: 'The client service is Cancelled; its branch can no longer change.',
    });
    expect(types(aggregate)).toEqual(['status-changed']);
  });

  it('moves the status forward with a transaction, keeps notes, refuses going back, and stamps fulfilment on completion', () => {
    const aggregate = submitted();
    const scan = file('f-1', aggregate.id);
    const verified = aggregate.recordTransaction(
      { status: 'Verified', note: 'Documents checked', files: ['f-1'] },
      actor,
      new Date('2026-03-01T12:00:00Z'),
      { found: [scan] },
    );
    expect(verified).toMatchObject({ success: true, message: 'Status changed from Created to Verified.' });
    expect(verified.transaction).toMatchObject({
      status: 'Verified',
      previousStatus: 'Created',
      note: 'Documents checked',
      files: ['f-1'],
    });
    expect(scan.transactionId).toBe(verified.transaction!.id);

    const note = aggregate.recordTransaction({ status: 'Verified', note: 'Called the client', files: [] }, actor);
    expect(note).toMatchObject({ success: true, message: 'Note added; the status stays Verified.' });

    const back = aggregate.recordTransaction({ status: 'Created', note: '', files: [] }, actor);
    expect(back.success).toBe(false);
    expect(back.transaction).toBeUndefined();

    const done = aggregate.recordTransaction(
      { status: 'Completed', note: 'Delivered', files: [] },
      actor,
      new Date('2026-03-03T10:00:30Z'),
    );
    expect(done.success).toBe(true);
    expect(aggregate.state).toMatchObject({
      status: 'Completed',
      fulfillmentDate: new Date('2026-03-03T10:00:30Z'),
      fulfillmentDuration: 172_830,
    });
    expect(aggregate.getUncommittedEvents().map((e) => e.data)).toEqual([
      expect.objectContaining({ from: 'Created', to: 'Verified', note: 'Documents checked', actorId: actor.id }),
      expect.objectContaining({ from: 'Verified', to: 'Completed', note: 'Delivered' }),
    ]);
  });

  it('answers every refusal of a transaction at once, on its fields, and changes nothing', () => {
    const aggregate = submitted();
    aggregate.recordTransaction({ status: 'Completed', note: 'Done', files: [] }, actor);
    aggregate.uncommit();
    const found = [
      file('mine-used', aggregate.id, { transactionId: 'another' }),
      file('document', aggregate.id, { kind: 'document' }),
      file('theirs', 'another-client-service'),
    ];
    const refused = aggregate.recordTransaction(
      { status: 'Verified', note: ' ', files: ['missing', 'theirs', 'document', 'mine-used'], serviceId: 8 },
      actor,
      new Date(),
      { mayCorrect: true, found },
    );
    expect(refused).toMatchObject({ success: false });
    expect(refused.refusals).toEqual([
      { path: 'note', message: expect.stringMatching(/reason/i) },
      { path: 'serviceId', message: 'The client service is for service 7, not 8.' },
      { path: 'files.0', message: 'Upload the image to this client service first.' },
      { path: 'files.1', message: 'Upload the image to this client service first.' },
      { path: 'files.2', message: 'document.png is a document of the client, not a transaction image.' },
      { path: 'files.3', message: 'mine-used.png already belongs to another transaction.' },
    ]);
    expect(aggregate.state.status).toBe('Completed');
    expect(types(aggregate)).toEqual([]);

    const empty = aggregate.recordTransaction({ status: 'Completed', note: '', files: [] }, actor);
    expect(empty.refusals).toEqual([
      { path: 'note', message: 'Nothing to record: the status stays Completed. Choose another status, write a note or attach an image.' },
    ]);
  });
});
