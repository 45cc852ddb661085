import { Client } from 'pg';
import { newWebArticle, type WebArticle } from '@backoffice/contracts';
import { created, json, paths, startCatalogue, uploadedImage, type CatalogueTestService } from './catalogue-test-service';

let service: CatalogueTestService;

beforeAll(async () => {
  service = await startCatalogue();
});

afterAll(async () => {
  await service?.close();
});

const ARTICLES = '/api/web-pages/articles';

const createArticle = (body: Record<string, unknown>) => created<WebArticle>(service, ARTICLES, body);

describe('web page articles: CRUD', () => {
  it('inserts an article with the product defaults (active, on home, sort 0, no images) and reads it back', async () => {
    const created = await createArticle({ page: 'About', title: '  Our story  ' });
    // The defaults a new article has in the console's form (newWebArticle) are the ones the API applies.
    expect(created).toMatchObject({ ...newWebArticle('About'), id: expect.any(Number), title: 'Our story' });
    const read = await service.request(`${ARTICLES}/${created.id}`, { roles: ['Manager'] });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(created);
  });

  it('stores every field, normalises tags, and updates them all', async () => {
    const [first, second] = [await uploadedImage(service), await uploadedImage(service)];
    const created = await createArticle({
      page: 'Team',
      title: 'Maria Lopez',
      active: false,
      isHome: false,
      sort: 7,
      shortDescription: 'Head of client services',
      fullDescription: '<p><strong>Bold</strong> text</p><ul><li>one</li></ul>',
      images: [first],
      metaTitle: 'Maria',
      metaDescription: 'Our head of client services',
      tags: ' lead, team ,Team,, languages ',
      videoUrl: 'https://video.example/maria',
    });
    expect(created).toMatchObject({
      active: false,
      isHome: false,
      sort: 7,
      images: [first],
      tags: 'lead,team,languages',
      fullDescription: '<p><strong>Bold</strong> text</p><ul><li>one</li></ul>',
      videoUrl: 'https://video.example/maria',
    });

    const update = await service.request(`${ARTICLES}/${created.id}`, {
      method: 'PUT',
      roles: ['Manager'],
      json: { ...created, title: 'Maria L.', active: true, sort: 2, images: [second, first], tags: 'b,a', videoUrl: '' },
    });
    expect(update.status).toBe(200);
    const updated = await json<WebArticle>(update);
    expect(updated).toMatchObject({
      id: created.id,
      title: 'Maria L.',
      active: true,
      sort: 2,
      images: [second, first],
      tags: 'b,a',
      videoUrl: '',
    });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedAt).getTime());
  });

  it('lists the articles of one page by sort number, then id, and accepts the page name in any case', async () => {
    const c = await createArticle({ page: 'Terms', title: 'C', sort: 3 });
    const a = await createArticle({ page: 'Terms', title: 'A', sort: 1 });
    const b1 = await createArticle({ page: 'Terms', title: 'B1', sort: 2 });
    const b2 = await createArticle({ page: 'Terms', title: 'B2', sort: 2 });
    await createArticle({ page: 'Policies', title: 'Elsewhere' });
    const response = await service.request('/api/web-pages/Terms/articles', { roles: ['Manager'] });
    expect(response.status).toBe(200);
    expect((await json<WebArticle[]>(response)).map((x) => x.id)).toEqual([a.id, b1.id, b2.id, c.id]);
    const lower = await json<WebArticle[]>(await service.request('/api/web-pages/terms/articles', { roles: ['Manager'] }));
    expect(lower.map((x) => x.title)).toEqual(['A', 'B1', 'B2', 'C']);
    const empty = await service.request('/api/web-pages/MakeMoneyWithUs/articles', { roles: ['Manager'] });
    expect(await empty.json()).toEqual([]);
  });

  it('deletes an article (204), after which it is 404', async () => {
    const created = await createArticle({ page: 'Contacts', title: 'Phone: +1 555 0100' });
    const removed = await service.request(`${ARTICLES}/${created.id}`, { method: 'DELETE', roles: ['Manager'] });
    expect(removed.status).toBe(204);
    expect((await service.request(`${ARTICLES}/${created.id}`, { roles: ['Manager'] })).status).toBe(404);
    expect((await service.request(`${ARTICLES}/${created.id}`, { method: 'DELETE', roles: ['Manager'] })).status).toBe(404);
  });
});

describe('web page articles: children by parent', () => {
  it('lists the children of an article by sort number, and refuses bad parents with 400 on parentId', async () => {
    const parent = await createArticle({ page: 'About', title: 'Parent' });
    const second = await createArticle({ page: 'About', title: 'Second child', parentId: parent.id, sort: 2 });
    const first = await createArticle({ page: 'About', title: 'First child', parentId: parent.id, sort: 1 });
    const grandchild = await createArticle({ page: 'About', title: 'Grandchild', parentId: first.id });

    const children = await service.request(`${ARTICLES}/${parent.id}/children`, { roles: ['Manager'] });
    expect(children.status).toBe(200);
    expect((await json<WebArticle[]>(children)).map((x) => x.title)).toEqual(['First child', 'Second child']);
    const none = await json<WebArticle[]>(await service.request(`${ARTICLES}/${second.id}/children`, { roles: ['Manager'] }));
    expect(none).toEqual([]);
    expect((await service.request(`${ARTICLES}/999999/children`, { roles: ['Manager'] })).status).toBe(404);

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ page: 'About', title: 'x', parentId: 999999 }, 'The parent article does not exist.'],
      [{ page: 'Team', title: 'x', parentId: parent.id }, 'The parent article is on the About page, not on Team.'],
    ];
    for (const [body, message] of cases) {
      const response = await service.request(ARTICLES, { method: 'POST', json: body, roles: ['Manager'] });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual([{ path: 'parentId', message }]);
    }
    // A cycle: the parent becomes its grandchild's child.
    const cycle = await service.request(`${ARTICLES}/${parent.id}`, {
      method: 'PUT',
      json: { ...parent, parentId: grandchild.id },
      roles: ['Manager'],
    });
    expect(cycle.status).toBe(400);
    expect((await cycle.json()).errors).toEqual([{ path: 'parentId', message: 'The parent article is one of this article’s children.' }]);
    const self = await service.request(`${ARTICLES}/${parent.id}`, {
      method: 'PUT',
      json: { ...parent, parentId: parent.id },
      roles: ['Manager'],
    });
    expect((await self.json()).errors).toEqual([{ path: 'parentId', message: 'An article cannot be its own parent.' }]);
    // A parent cannot move to another page while its children stay.
    const move = await service.request(`${ARTICLES}/${parent.id}`, {
      method: 'PUT',
      json: { ...parent, page: 'Terms' },
      roles: ['Manager'],
    });
    expect(move.status).toBe(400);
    expect(paths(await move.json())).toEqual(['page']);
  });

  it('refuses to delete an article that has children with 409, and deletes it once they are gone', async () => {
    const parent = await createArticle({ page: 'Policies', title: 'Parent' });
    const child = await createArticle({ page: 'Policies', title: 'Child', parentId: parent.id });
    const refused = await service.request(`${ARTICLES}/${parent.id}`, { method: 'DELETE', roles: ['Manager'] });
    expect(refused.status).toBe(409);
    expect((await refused.json()).detail).toBe('This article has 1 child article: delete or move it first.');
    expect((await service.request(`${ARTICLES}/${child.id}`, { method: 'DELETE', roles: ['Manager'] })).status).toBe(204);
    expect((await service.request(`${ARTICLES}/${parent.id}`, { method: 'DELETE', roles: ['Manager'] })).status).toBe(204);
  });
});

/** Hostile markup sent as the full description: nothing that can run may be stored. */
const HOSTILE = [
  '<script>alert(1)</script><p>ok</p>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<p onmouseover="alert(1)">hover</p>',
  '<svg onload=alert(1)></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<style>*{background:url("javascript:alert(1)")}</style>',
  '<p style="background-image:url(javascript:alert(1))">x</p>',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<img src="vbscript:msgbox(1)">',
  '<a href="//evil.example/path">x</a>',
  '<details open ontoggle=alert(1)>x</details>',
  '<body onload=alert(1)>x',
];

describe('web page articles: the full description is sanitised on the server', () => {
  it.each(HOSTILE)('stores %s without a script, an event handler or a script URL', async (html) => {
    const created = await createArticle({ page: 'About', title: 'Hostile', fullDescription: html });
    const stored = (await json<WebArticle>(await service.request(`${ARTICLES}/${created.id}`, { roles: ['Manager'] }))).fullDescription;
    expect(stored).not.toMatch(/<(script|iframe|object|svg|math|style|form|input|body)\b/i);
    expect(stored).not.toMatch(/\son[a-z]+\s*=/i);
    expect(stored).not.toMatch(/(javascript|vbscript|data):/i);
    expect(stored).not.toMatch(/href="\/\//);
  });

  it('sanitises on update as well, and keeps the markup CKEditor produces', async () => {
    const created = await createArticle({ page: 'About', title: 'Rich' });
    const html =
      '<h2>Title</h2><p><strong>bold</strong> and <i>italic</i> <a href="https://example.com">link</a></p><ol><li>one</li></ol>' +
      '<figure class="table"><table><tbody><tr><td>cell</td></tr></tbody></table></figure><pre><code class="language-plaintext">x &lt; y</code></pre>';
    const response = await service.request(`${ARTICLES}/${created.id}`, {
      method: 'PUT',
      roles: ['Manager'],
      json: { ...created, fullDescription: `${html}<script>alert(1)</script><img src=x onerror=alert(1)>` },
    });
    expect(response.status).toBe(200);
    expect((await json<WebArticle>(response)).fullDescription).toBe(`${html}<img src="x" />`);
  });

  it('never lets raw hostile markup reach the table', async () => {
    await createArticle({ page: 'About', title: 'Raw check', fullDescription: '<p onclick="steal()">hi</p><script>steal()</script>' });
    const db = new Client({ connectionString: service.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ full_description: string }>(`select full_description from web_articles where title = 'Raw check'`);
      expect(rows).toEqual([{ full_description: '<p>hi</p>' }]);
    } finally {
      await db.end();
    }
  });
});

describe('web page articles: refusals', () => {
  it('refuses bad bodies with 400 and field errors, naming the title field as the page shows it', async () => {
    const bad = await service.request(ARTICLES, {
      method: 'POST',
      roles: ['Manager'],
      json: {
        page: 'Team',
        title: '   ',
        sort: -1,
        active: 'yes',
        images: ['https://elsewhere.example/a.png'],
        videoUrl: 'javascript:alert(1)',
        tags: Array.from({ length: 31 }, (_, i) => `t${i}`).join(','),
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const body = await bad.json();
    expect(paths(body)).toEqual(['active', 'images.0', 'sort', 'tags', 'title', 'videoUrl']);
    expect(body.errors.find((e: { path: string }) => e.path === 'title').message).toBe('Name is required.');

    const about = await service.request(ARTICLES, { method: 'POST', roles: ['Manager'], json: { page: 'About' } });
    expect((await about.json()).errors).toEqual([{ path: 'title', message: 'Title is required.' }]);
    const page = await service.request(ARTICLES, { method: 'POST', roles: ['Manager'], json: { page: 'Blog', title: 'x' } });
    expect(paths(await page.json())).toEqual(['page']);
  });

  it('refuses images that were never uploaded with 400 on the image', async () => {
    const known = await uploadedImage(service);
    const response = await service.request(ARTICLES, {
      method: 'POST',
      roles: ['Manager'],
      json: { page: 'About', title: 'x', images: [known, '/api/catalogue/files/00000000-0000-4000-8000-000000000000'] },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([{ path: 'images.1', message: 'This image was not found; upload it again.' }]);
  });

  it('answers 404 for unknown ids, 400 for malformed ids and unknown pages', async () => {
    expect((await service.request(`${ARTICLES}/424242`, { roles: ['Manager'] })).status).toBe(404);
    const update = await service.request(`${ARTICLES}/424242`, { method: 'PUT', json: { page: 'About', title: 'x' }, roles: ['Manager'] });
    expect(update.status).toBe(404);
    expect((await service.request(`${ARTICLES}/abc`, { roles: ['Manager'] })).status).toBe(400);
    expect((await service.request(`${ARTICLES}/0`, { roles: ['Manager'] })).status).toBe(400);
    const unknownPage = await service.request('/api/web-pages/Blog/articles', { roles: ['Manager'] });
    expect(unknownPage.status).toBe(400);
    expect(paths(await unknownPage.json())).toEqual(['page']);
  });

  it('answers 401 without a token and 403 to roles other than Manager and Admin', async () => {
    expect((await service.request('/api/web-pages/About/articles', { token: null })).status).toBe(401);
    for (const role of ['Salesagent', 'ServiceProvider'] as const) {
      expect((await service.request('/api/web-pages/About/articles', { roles: [role] })).status).toBe(403);
      expect((await service.request(ARTICLES, { method: 'POST', json: { page: 'About', title: 'x' }, roles: [role] })).status).toBe(403);
    }
    expect((await service.request('/api/web-pages/About/articles', { roles: ['Admin'] })).status).toBe(200);
  });
});
