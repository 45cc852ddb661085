import { mapCatalogueMessage } from './catalogue-service.mapping';

const state = {
  id: 7,
  active: true,
  name: 'Tourist visa application',
  description: 'ignored',
  price: 149,
  deliveryType: 'Online',
  physical: false,
  serviceFiles: [{ id: 2, name: 'Passport scan', accept: 'image,pdf' }],
  updatedAt: '2026-01-02T03:04:05.000Z',
  somethingNew: 'ignored too',
};
const envelope = (data: unknown, type = 'updated') => ({
  specversion: '1.0',
  id: '0b7c8a52-7c38-4a5e-9c2c-0f0a4f7d5e11',
  type,
  source: 'catalogue',
  time: '2026-01-02T03:04:06.000Z',
  subject: '7',
  data,
});

describe('catalogue.service.v1 → read model', () => {
  it('maps the full state to the fields orders keeps', () => {
    expect(mapCatalogueMessage('7', envelope(state))).toEqual({
      kind: 'upsert',
      id: 7,
      eventId: '0b7c8a52-7c38-4a5e-9c2c-0f0a4f7d5e11',
      state: {
        id: 7,
        name: 'Tourist visa application',
        deliveryType: 'Online',
        priceCents: 14900,
        active: true,
        physical: false,
        requiredFiles: [{ id: 2, name: 'Passport scan', accept: 'image,pdf' }],
        sourceUpdatedAt: new Date('2026-01-02T03:04:05.000Z'),
      },
    });
  });

  it('treats a tombstone and a deleted event as a deletion of the key', () => {
    expect(mapCatalogueMessage('7', null)).toEqual({ kind: 'delete', id: 7 });
    expect(mapCatalogueMessage('7', envelope(null, 'deleted'))).toEqual({ kind: 'delete', id: 7 });
  });

  it('marks physical delivery as shipped and forgives bare required-file ids', () => {
    const decision = mapCatalogueMessage('7', envelope({ ...state, deliveryType: 'Physical', serviceFiles: [3] }));
    expect(decision).toMatchObject({ kind: 'upsert', state: { physical: true, requiredFiles: [{ id: 3, name: 'File 3', accept: '' }] } });
  });

  it('skips what it cannot read instead of failing', () => {
    expect(mapCatalogueMessage('7', 'garbage').kind).toBe('skip');
    expect(mapCatalogueMessage('7', envelope({ id: 7 })).kind).toBe('skip');
    expect(mapCatalogueMessage(null, null).kind).toBe('skip');
  });
});
