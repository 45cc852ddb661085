import { expect, test, type Page } from '@playwright/test';
import type { WebArticle } from '@backoffice/contracts';
import { XSS_SAMPLES, type XssSample } from '../security/xss-samples';
import { adminToken, api, serviceDatabase, shot, signIn } from './fixtures';

/*
 * Rich text XSS in Chromium: every sample of tests/security/xss-samples.ts is stored as an article
 * through the API (which sanitises it) and, to test the console on its own, straight into the
 * catalogue's table as raw markup (what a bug in the sanitiser or an old row would leave). Each
 * article's card is shown and its form opened in CKEditor; no script may run: no dialog opens
 * (a page.on('dialog') trap) and window.__xss stays unset, with the content security policy
 * bypassed, so that it is the console's rendering that is tested, not the policy's safety net.
 */

test.describe.configure({ timeout: 600_000 });
// The gateway's content security policy blocks inline script (checked below); it is bypassed for the
// screens so that they test the console itself: a payload that runs sets the flag or opens a dialog.
test.use({ bypassCSP: true });

const run = Date.now().toString(36).slice(-5);
const PAGE = 'Policies';

interface Trap {
  dialogs: string[];
}

/** Records every dialog (and dismisses it). */
function armTrap(page: Page): Trap {
  const trap: Trap = { dialogs: [] };
  page.on('dialog', (dialog) => {
    trap.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  return trap;
}

async function expectNothingRan(page: Page, trap: Trap, where: string): Promise<void> {
  const xss = await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0);
  expect({ where, dialogs: trap.dialogs, xss }).toEqual({ where, dialogs: [], xss: 0 });
}

/**
 * The articles to show: samples six to an article, each mutation-XSS sample on its own (its markup can
 * swallow what follows it). Every article's text starts with "Before" and ends with "After".
 */
function articles(prefix: string): { title: string; samples: XssSample[]; html: string }[] {
  const plain = XSS_SAMPLES.filter((sample) => !sample.name.startsWith('mXSS'));
  const groups: XssSample[][] = [];
  for (let i = 0; i < plain.length; i += 6) groups.push(plain.slice(i, i + 6));
  groups.push(...XSS_SAMPLES.filter((sample) => sample.name.startsWith('mXSS')).map((sample) => [sample]));
  return groups.map((samples, i) => ({
    title: `${prefix}${i}. ${samples.map((sample) => sample.name).join(', ')} ${samples[0].html.replace(/\s+/g, ' ')}`.slice(0, 200),
    samples,
    html: `<p>Before</p>${samples.map((sample) => sample.html).join('<p>—</p>')}<p>After</p>`,
  }));
}

/** Proves the trap catches a script that runs: one is run on purpose, then the trap is reset. */
async function positiveControl(page: Page, trap: Trap): Promise<void> {
  await page.evaluate(
    (html) => {
      const holder = document.createElement('div');
      holder.innerHTML = html;
      document.body.append(holder);
    },
    XSS_SAMPLES.find((sample) => sample.name === 'img onerror')!.html,
  );
  await expect.poll(() => page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0)).toBe(1);
  await expect.poll(() => trap.dialogs.length).toBe(1);
  await page.evaluate(() => {
    (window as unknown as { __xss?: number }).__xss = 0;
  });
  trap.dialogs.length = 0;
}

/** Opens each article in the form (CKEditor renders its rich text), waits, and closes it. */
async function openEach(page: Page, trap: Trap, list: ReturnType<typeof articles>, prefix: string): Promise<void> {
  const editable = page.getByRole('textbox', { name: /Full description/ });
  for (const [i, article] of list.entries()) {
    const card = page.getByTestId('article-card').filter({ hasText: `${prefix}${i}.` });
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: /^Edit / }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit article' });
    await expect(dialog).toBeVisible();
    await expect(editable).toBeVisible({ timeout: 30_000 });
    await expect(editable).toContainText('Before', { timeout: 30_000 });
    // Long enough for a failing image's onerror, an autofocus or a toggle event to fire.
    await page.waitForTimeout(400);
    await expectNothingRan(page, trap, `${article.title.split(' <')[0]} (in the editor)`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const discard = page.getByRole('button', { name: 'Discard', exact: true });
    if (await discard.isVisible().catch(() => false)) await discard.click();
    await expect(dialog).toBeHidden();
  }
}

test('XSS samples saved through the API run no script in the web page screens', async ({ page, baseURL }) => {
  const token = await adminToken(baseURL!);
  const prefix = `XSS-${run}-api-`;
  const list = articles(prefix);
  const created: number[] = [];
  for (const [i, article] of list.entries()) {
    const saved = await api<WebArticle>(baseURL!, token, '/api/web-pages/articles', {
      json: {
        page: PAGE,
        sort: 900_000 + i,
        title: article.title,
        shortDescription: article.samples
          .map((sample) => sample.html)
          .join(' ')
          .slice(0, 2000),
        fullDescription: article.html,
        tags: 'xss,<img src=x onerror=alert(1)>',
      },
    });
    created.push(saved.id);
  }
  try {
    const trap = armTrap(page);
    await signIn(page);
    await positiveControl(page, trap);
    await page.goto(`/admin/web/${PAGE}`);
    // The hostile titles and short descriptions are shown as text.
    const first = page.getByTestId('article-card').filter({ hasText: `${prefix}0.` });
    await expect(first).toBeVisible({ timeout: 60_000 });
    await expect(first.getByRole('heading')).toContainText('<p>Hello</p><script>');
    await page.waitForTimeout(500);
    await expectNothingRan(page, trap, 'the list of cards');
    await shot(page, 'security-xss-cards');
    await openEach(page, trap, list, prefix);
    await expectNothingRan(page, trap, 'after every form');
  } finally {
    for (const id of created) await api(baseURL!, token, `/api/web-pages/articles/${id}`, { method: 'DELETE' }).catch(() => undefined);
  }
});

test('XSS samples put raw into the table, past the sanitiser, run no script in the console either', async ({ page }) => {
  const db = await serviceDatabase('catalogue');
  const prefix = `XSS-${run}-raw-`;
  const list = articles(prefix);
  try {
    for (const [i, article] of list.entries()) {
      const raw = article.samples.map((sample) => sample.html).join(' ');
      await db.query(
        `insert into web_articles (page, sort, title, short_description, full_description, tags) values ($1, $2, $3, $4, $5, $6)`,
        [PAGE, 950_000 + i, article.title, raw, article.html, raw.slice(0, 200)],
      );
    }
    const trap = armTrap(page);
    await signIn(page);
    await positiveControl(page, trap);
    await page.goto(`/admin/web/${PAGE}`);
    await expect(page.getByTestId('article-card').filter({ hasText: `${prefix}0.` })).toBeVisible({ timeout: 60_000 });
    await page.waitForTimeout(500);
    await expectNothingRan(page, trap, 'the list of cards');
    await openEach(page, trap, list, prefix);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'security-xss-raw-after');
    await expectNothingRan(page, trap, 'after every form');
  } finally {
    await db.query(`delete from web_articles where title like $1`, [`${prefix}%`]).catch(() => undefined);
    await db.end();
  }
});

test('the console is served with a content security policy that forbids inline script', async ({ baseURL }) => {
  const response = await fetch(`${baseURL}/admin/web/${PAGE}`);
  await response.arrayBuffer();
  const policy = response.headers.get('content-security-policy') ?? '';
  const scripts = /script-src ([^;]+)/.exec(policy)?.[1] ?? /default-src ([^;]+)/.exec(policy)?.[1] ?? '';
  expect(scripts).toContain("'self'");
  expect(scripts).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|data:/);
  expect(policy).toMatch(/object-src 'none'/);
});
