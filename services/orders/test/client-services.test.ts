import { randomUUID } from 'node:crypto';
import type {
  ClientServiceCounts,
  ClientServiceDetail,
  ClientServiceSummary,
  CommandResult,
  Page,
  ServiceTransaction,
} from '@backoffice/contracts';
import type { TestService } from '@backoffice/platform/testing';
import { json, orm, seedCatalogue, seedOrder, startOrders, tokenFor } from './orders-test-kit';

let service: TestService;
const manager = tokenFor(['Manager'], randomUUID(), 'Maya Manager');
const providerId = randomUUID();
const provider = tokenFor(['ServiceProvider'], providerId, 'Pat Provider');
const otherProvider = tokenFor(['ServiceProvider'], randomUUID(), 'Olga Other');

// 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  service = await startOrders();
  await seedCatalogue(service, [
    {
      id: 7,
      name: 'Tourist visa application',
      price: 149,
      requiredFiles: [
        { id: 2, name: 'Passport scan', accept: 'image,pdf' },
        { id: 3, name: 'Photo', accept: 'image' },
      ],
    },
    { id: 8, name: 'Certified translation', price: 45, deliveryType: 'Physical' },
  ]);
});

afterAll(async () => {
  await service?.close();
});

const submit = (orderId: string, itemId: number, token = manager) =>
  json<CommandResult>(service.request('/api/client-services/submit', { method: 'POST', json: { orderId, itemId }, token }));
const transaction = (body: Record<string, unknown>, token = manager) =>
  json<CommandResult>(service.request('/api/ServiceTransaction', { method: 'POST', json: body, token }));
const get = <T>(path: string, token = manager) => json<T>(service.request(path, { token }));

async function submitted(token = manager) {
  const orderId = await seedOrder(service, [
    { itemId: 7, itemName: 'Tourist visa application', amount: 149 },
    { itemId: 8, itemName: 'Certified translation', amount: 45, quantity: 2, itemType: 'Physical' },
  ]);
  const { body } = await submit(orderId, 7, token);
  return { orderId, id: body.clientServiceId! };
}

describe('submitting order items', () => {
  it('makes a Created client service once, and refuses the same item again', async () => {
    const orderId = await seedOrder(service, [{ itemId: 7, itemName: 'Tourist visa application', amount: 149 }]);
    const first = await submit(orderId, 7);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, title: 'Submit to Client Services' });
    expect(first.body.message).toMatch(/^Tourist visa application was submitted to client services/);

    const again = await submit(orderId, 7);
    expect(again.body).toMatchObject({ success: false, clientServiceId: first.body.clientServiceId, title: 'Submit to Client Services' });
    expect(again.body.message).toMatch(/already submitted/);

    const receipt = await get<{ items: { itemId: number; clientServiceId: string | null }[] }>(`/api/orders/${orderId}`);
    expect(receipt.body.items[0].clientServiceId).toBe(first.body.clientServiceId);

    const detail = await get<ClientServiceDetail>(`/api/client-services/${first.body.clientServiceId}`);
    expect(detail.body).toMatchObject({
      status: 'Created',
      progress: 25,
      orderId,
      serviceId: 7,
      serviceName: 'Tourist visa application',
      deliveryType: 'Online',
      clientName: 'Ada Client',
      clientPhone: '+1 212 555 0100',
      clientEmail: 'ada@example.com',
      branchId: null,
      providerId: null,
      fulfillmentDate: null,
      requiredFiles: [
        { id: 2, name: 'Passport scan', accept: 'image,pdf', uploaded: false },
        { id: 3, name: 'Photo', accept: 'image', uploaded: false },
      ],
      files: [],
      transactions: [],
    });
  });

  it('answers 404 for an unknown order or item, 400 for a bad body, 403 for a provider and 401 without a token', async () => {
    const orderId = await seedOrder(service, [{ itemId: 7, itemName: 'Tourist visa application', amount: 149 }]);
    expect((await submit(randomUUID(), 7)).status).toBe(404);
    expect((await submit(orderId, 99)).status).toBe(404);
    const bad = await json<{ errors: { path: string }[] }>(
      service.request('/api/client-services/submit', { method: 'POST', json: { orderId: 'nope', itemId: 'x' }, token: manager }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.path).sort()).toEqual(['itemId', 'orderId']);
    expect((await submit(orderId, 7, provider)).status).toBe(403);
    expect(
      (await service.request('/api/client-services/submit', { method: 'POST', json: { orderId, itemId: 7 }, token: null })).status,
    ).toBe(401);
  });
});

describe('transactions', () => {
  it('moves forward, keeps notes, and refuses a provider going back with a message naming both statuses', async () => {
    const { id } = await submitted();
    const assignedId = randomUUID();
    const assigned = tokenFor(['ServiceProvider'], assignedId, 'Ann Assigned');
    expect((await get<CommandResult>(`/api/ServiceSubmissions/assignProvider/${id}/${assignedId}`)).body.success).toBe(true);
    expect((await transaction({ clientServiceId: id, status: 'Verified', note: 'Checked' })).body).toEqual({
      success: true,
      message: 'Status changed from Created to Verified.',
      title: 'insert',
      clientServiceId: id,
    });
    expect((await transaction({ clientServiceId: id, status: 'Verified', note: 'Called the client' })).body.message).toBe(
      'Note added; the status stays Verified.',
    );
    const back = await transaction({ clientServiceId: id, status: 'Created' }, assigned);
    expect(back.status).toBe(200);
    expect(back.body.success).toBe(false);
    expect(back.body.message).toContain('Verified');
    expect(back.body.message).toContain('Created');

    expect((await transaction({ clientServiceId: id, status: 'Completed', note: 'Done' })).body.success).toBe(true);
    const final = await transaction({ clientServiceId: id, status: 'Cancelled' }, assigned);
    expect(final.body).toMatchObject({
      success: false,
      message: 'The status cannot change from Completed to Cancelled: Completed is final.',
    });

    const list = await get<ServiceTransaction[]>(`/api/ServiceTransaction/${id}`);
    expect(list.body.map((t) => [t.previousStatus, t.status, t.note])).toEqual([
      ['Created', 'Verified', 'Checked'],
      ['Verified', 'Verified', 'Called the client'],
      ['Verified', 'Completed', 'Done'],
    ]);
    expect(list.body[0]).toMatchObject({ actorName: 'Maya Manager', serviceId: 7, clientServiceId: id });

    const detail = await get<ClientServiceDetail>(`/api/client-services/${id}`);
    expect(detail.body).toMatchObject({ status: 'Completed', progress: 100 });
    expect(detail.body.fulfillmentDate).not.toBeNull();
    expect(detail.body.fulfillmentDuration).toBeGreaterThanOrEqual(0);
  });

  it('lets Admin and Manager correct a status backwards or out of a final one, with a reason; never a provider', async () => {
    const { id } = await submitted();
    const admin = tokenFor(['Admin'], randomUUID(), 'Ada Admin');
    expect((await transaction({ clientServiceId: id, status: 'Completed', note: 'Done' })).body.success).toBe(true);

    // Without a reason: refused on the note, and nothing recorded.
    const silent = await json<{ errors: { path: string; message: string }[] }>(
      service.request('/api/ServiceTransaction', { method: 'POST', json: { clientServiceId: id, status: 'Verified' }, token: manager }),
    );
    expect(silent.status).toBe(400);
    expect(silent.body.errors).toEqual([
      { path: 'note', message: 'Moving from Completed to Verified corrects the status: write the reason in the note.' },
    ]);

    const corrected = await transaction({
      clientServiceId: id,
      status: 'Verified',
      note: 'Completed by mistake: the visa is not issued yet',
    });
    expect(corrected.body).toMatchObject({ success: true, message: 'Status corrected from Completed to Verified.' });
    let detail = await get<ClientServiceDetail>(`/api/client-services/${id}`);
    expect(detail.body).toMatchObject({ status: 'Verified', progress: 50, fulfillmentDate: null, fulfillmentDuration: null });

    expect((await transaction({ clientServiceId: id, status: 'Cancelled', note: 'The client withdrew' }, admin)).body.success).toBe(true);
    expect((await transaction({ clientServiceId: id, status: 'Filled', note: 'Cancelled the wrong service' }, admin)).body).toMatchObject({
      success: true,
      message: 'Status corrected from Cancelled to Filled.',
    });
    detail = await get<ClientServiceDetail>(`/api/client-services/${id}`);
    expect(detail.body.status).toBe('Filled');

    // A provider keeps the forward-only rules, reason or not.
    const assignedId = randomUUID();
    expect((await get<CommandResult>(`/api/ServiceSubmissions/assignProvider/${id}/${assignedId}`)).body.success).toBe(true);
    const byProvider = await transaction(
      { clientServiceId: id, status: 'Created', note: 'Please go back' },
      tokenFor(['ServiceProvider'], assignedId, 'Ann Assigned'),
    );
    expect(byProvider.body.success).toBe(false);
    expect((await get<ClientServiceDetail>(`/api/client-services/${id}`)).body.status).toBe('Filled');

    // The history marks the corrections.
    const list = await get<ServiceTransaction[]>(`/api/ServiceTransaction/${id}`);
    expect(list.body.map((t) => [t.previousStatus, t.status, t.correction])).toEqual([
      ['Created', 'Completed', false],
      ['Completed', 'Verified', true],
      ['Verified', 'Cancelled', false],
      ['Cancelled', 'Filled', true],
    ]);
  });

  it('answers 400 for a bad body or a mismatched service, 404 for an unknown client service', async () => {
    const { id } = await submitted();
    const bad = await json<{ errors: { path: string; message: string }[] }>(
      service.request('/api/ServiceTransaction', {
        method: 'POST',
        json: { clientServiceId: id, status: 'Done', note: 5 },
        token: manager,
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.path).sort()).toEqual(['note', 'status']);
    const mismatch = await transaction({ clientServiceId: id, serviceId: 8, status: 'Verified' });
    expect(mismatch.status).toBe(400);
    const empty = await json<{ errors: { path: string; message: string }[] }>(
      service.request('/api/ServiceTransaction', {
        method: 'POST',
        json: { clientServiceId: id, status: 'Created', note: '  ' },
        token: manager,
      }),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([
      { path: 'note', message: 'Nothing to record: the status stays Created. Choose another status, write a note or attach an image.' },
    ]);
    expect((await get<ServiceTransaction[]>(`/api/ServiceTransaction/${id}`)).body).toEqual([]);
    expect((await transaction({ clientServiceId: randomUUID(), status: 'Verified' })).status).toBe(404);
    expect((await get(`/api/ServiceTransaction/${randomUUID()}`)).status).toBe(404);
    expect((await get('/api/ServiceTransaction/not-a-uuid')).status).toBe(400);
  });

  it('takes images uploaded first, checks their bytes, and serves them back', async () => {
    const { id } = await submitted();
    const upload = (body: Buffer, kind: string, contentType = 'image/png', token = manager) =>
      json<{ id: string; url: string; contentType: string }>(
        service.request(`/api/client-services/${id}/files?name=${encodeURIComponent('proof photo.png')}&kind=${kind}`, {
          method: 'POST',
          body: new Uint8Array(body),
          headers: { 'content-type': contentType },
          token,
        }),
      );
    const image = await upload(PNG, 'transaction');
    expect(image.status).toBe(201);
    expect(image.body).toMatchObject({ contentType: 'image/png', url: `/api/client-services/${id}/files/${image.body.id}` });

    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'transaction', 'image/png');
    expect(html.status).toBe(400);
    const pdfAsImage = await upload(Buffer.from('%PDF-1.7\n...'), 'transaction', 'application/pdf');
    expect(pdfAsImage.status).toBe(400);

    const recorded = await transaction({ clientServiceId: id, status: 'Verified', note: 'Photo attached', files: [image.body.id] });
    expect(recorded.body.success).toBe(true);
    const reused = await transaction({ clientServiceId: id, status: 'Filled', files: [image.body.id] });
    expect(reused.status).toBe(400);
    const foreign = await transaction({ clientServiceId: id, status: 'Filled', files: [randomUUID()] });
    expect(foreign.status).toBe(400);

    const list = await get<ServiceTransaction[]>(`/api/ServiceTransaction/${id}`);
    expect(list.body[0].files).toEqual([expect.objectContaining({ id: image.body.id, name: 'proof photo.png', contentType: 'image/png' })]);
    const file = await service.request(image.body.url, { token: manager });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('keeps documents that answer required files', async () => {
    const { id } = await submitted();
    const doc = await json<{ id: string }>(
      service.request(`/api/client-services/${id}/files?name=passport.pdf&kind=document&requiredFileId=2`, {
        method: 'POST',
        body: Buffer.from('%PDF-1.7\n%%EOF'),
        headers: { 'content-type': 'application/pdf' },
        token: manager,
      }),
    );
    expect(doc.status).toBe(201);
    const notRequired = await service.request(`/api/client-services/${id}/files?name=x.pdf&kind=document&requiredFileId=99`, {
      method: 'POST',
      body: Buffer.from('%PDF-1.7\n'),
      headers: { 'content-type': 'application/pdf' },
      token: manager,
    });
    expect(notRequired.status).toBe(400);
    const detail = await get<ClientServiceDetail>(`/api/client-services/${id}`);
    expect(detail.body.requiredFiles.map((f) => [f.id, f.uploaded])).toEqual([
      [2, true],
      [3, false],
    ]);
    expect(detail.body.files).toEqual([
      expect.objectContaining({ id: doc.body.id, kind: 'document', contentType: 'application/pdf', requiredFileId: 2 }),
    ]);
  });
});

describe('listing', () => {
  it('answers the whole list without paging, and one page of it with page or pageSize, searched and filtered the same', async () => {
    const ids = [(await submitted()).id, (await submitted()).id, (await submitted()).id];
    const all = await get<ClientServiceSummary[]>('/api/client-services?status=Created');
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body.slice(0, 3).map((cs) => cs.id)).toEqual([...ids].reverse());

    const first = await get<Page<ClientServiceSummary>>('/api/client-services?status=Created&pageSize=2');
    expect(first.body).toMatchObject({ total: all.body.length, page: 1, pageSize: 2 });
    expect(first.body.items.map((cs) => cs.id)).toEqual([ids[2], ids[1]]);
    const second = await get<Page<ClientServiceSummary>>('/api/client-services?status=Created&page=2&pageSize=2');
    expect(second.body.items[0].id).toBe(ids[0]);

    const one = await get<Page<ClientServiceSummary>>(`/api/client-services?page=1&search=${ids[1].slice(0, 8)}`);
    expect(one.body).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(one.body.items.map((cs) => cs.id)).toEqual([ids[1]]);

    const bad = await service.request('/api/client-services?page=0&pageSize=500', { token: manager });
    expect(bad.status).toBe(400);
  });
});

describe('assignment', () => {
  it('assigns and clears a branch and a provider at the paths existing clients call, answering success and message', async () => {
    const { id } = await submitted();
    const call = (path: string) => json<CommandResult>(service.request(`/api/ServiceSubmissions/${path}`, { token: manager }));
    expect((await call(`assignBranch/${id}/3`)).body).toMatchObject({ success: true, title: 'Assign' });
    expect((await call(`assignProvider/${id}/${providerId}`)).body.success).toBe(true);
    let detail = await get<ClientServiceDetail>(`/api/client-services/${id}`);
    expect(detail.body).toMatchObject({ branchId: 3, providerId });
    expect((await call(`assignClearBranch/${id}`)).body.success).toBe(true);
    expect((await call(`assignClearBranch/${id}`)).body).toMatchObject({
      success: false,
      message: 'The client service has no branch to clear.',
    });
    expect((await call(`assignClearProvider/${id}`)).body.success).toBe(true);
    detail = await get<ClientServiceDetail>(`/api/client-services/${id}`);
    expect(detail.body).toMatchObject({ branchId: null, providerId: null });
  });

  it('answers 400 for malformed ids, 404 for an unknown client service and 403 for a provider', async () => {
    const { id } = await submitted();
    expect((await service.request(`/api/ServiceSubmissions/assignBranch/${id}/abc`, { token: manager })).status).toBe(400);
    expect((await service.request(`/api/ServiceSubmissions/assignProvider/${id}/not-a-uuid`, { token: manager })).status).toBe(400);
    expect((await service.request(`/api/ServiceSubmissions/assignBranch/${randomUUID()}/3`, { token: manager })).status).toBe(404);
    expect((await service.request(`/api/ServiceSubmissions/assignBranch/${id}/3`, { token: provider })).status).toBe(403);
  });
});

describe('what a service provider may do', () => {
  it('sees only the client services assigned to them, and adds transactions only to those', async () => {
    const mine = await submitted();
    const theirs = await submitted();
    await service.request(`/api/ServiceSubmissions/assignProvider/${mine.id}/${providerId}`, { token: manager });

    const list = await get<ClientServiceSummary[]>('/api/client-services', provider);
    expect(list.status).toBe(200);
    expect(list.body.map((cs) => cs.id)).toEqual([mine.id]);
    expect((await get<ClientServiceSummary[]>('/api/client-services', otherProvider)).body).toEqual([]);
    const all = await get<ClientServiceSummary[]>('/api/client-services');
    expect(all.body.map((cs) => cs.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));

    expect((await get(`/api/client-services/${mine.id}`, provider)).status).toBe(200);
    expect((await get(`/api/client-services/${theirs.id}`, provider)).status).toBe(403);
    expect((await get(`/api/client-services/${mine.id}`, otherProvider)).status).toBe(403);
    expect((await get(`/api/ServiceTransaction/${theirs.id}`, provider)).status).toBe(403);

    expect((await transaction({ clientServiceId: mine.id, status: 'Verified', note: 'On it' }, provider)).body.success).toBe(true);
    expect((await transaction({ clientServiceId: theirs.id, status: 'Verified' }, provider)).status).toBe(403);
    const upload = await service.request(`/api/client-services/${theirs.id}/files?name=p.png&kind=transaction`, {
      method: 'POST',
      body: PNG,
      headers: { 'content-type': 'image/png' },
      token: provider,
    });
    expect(upload.status).toBe(403);
    const theirsAfter = await get<ServiceTransaction[]>(`/api/ServiceTransaction/${theirs.id}`);
    expect(theirsAfter.body).toEqual([]);
  });

  it('counts their own by status, and this week’s new and completed, in their time zone', async () => {
    const ownerId = randomUUID();
    const owner = tokenFor(['ServiceProvider'], ownerId, 'Cleo Counted');
    const empty = await get<ClientServiceCounts>('/api/client-services/counts?tz=America/New_York', owner);
    expect(empty.body).toEqual({
      byStatus: { Created: 0, Verified: 0, Filled: 0, Completed: 0, Cancelled: 0 },
      open: 0,
      newThisWeek: 0,
      completedThisWeek: 0,
    });

    const [created, verified, done, old] = [await submitted(), await submitted(), await submitted(), await submitted()];
    for (const cs of [created, verified, done, old]) {
      await service.request(`/api/ServiceSubmissions/assignProvider/${cs.id}/${ownerId}`, { token: manager });
    }
    await transaction({ clientServiceId: verified.id, status: 'Verified' }, owner);
    await transaction({ clientServiceId: done.id, status: 'Completed' }, owner);
    // One came in, and was done, two weeks ago: open, but not this week's.
    await orm(service)
      .em.getConnection()
      .execute(`update client_services set created_date = now() - interval '14 days' where id = ?`, [old.id]);

    const counts = await get<ClientServiceCounts>('/api/client-services/counts?tz=America/New_York', owner);
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual({
      byStatus: { Created: 2, Verified: 1, Filled: 0, Completed: 1, Cancelled: 0 },
      open: 3,
      newThisWeek: 3,
      completedThisWeek: 1,
    });
    // A Manager counts everyone's; a bad time zone is refused; other roles are kept out.
    expect((await get<ClientServiceCounts>('/api/client-services/counts')).body.open).toBeGreaterThanOrEqual(3);
    expect((await get('/api/client-services/counts?tz=Mars/Olympus', owner)).status).toBe(400);
    expect((await get('/api/client-services/counts', tokenFor(['Salesagent']))).status).toBe(403);
  });

  it('keeps other roles out', async () => {
    const { id } = await submitted();
    const salesagent = tokenFor(['Salesagent']);
    expect((await get('/api/client-services', salesagent)).status).toBe(403);
    expect((await get(`/api/client-services/${id}`, salesagent)).status).toBe(403);
    expect((await transaction({ clientServiceId: id, status: 'Verified' }, salesagent)).status).toBe(403);
    expect((await get('/api/orders', provider)).status).toBe(403);
  });
});
