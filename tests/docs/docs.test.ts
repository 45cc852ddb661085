import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { EVENT_TOPICS } from '@backoffice/contracts';

/*
 * The docs kept true: every repository path that docs/ and README.md name exists, and the Processes table of
 * docs/architecture.md lists what each process publishes and consumes as the topic catalogue (EVENT_TOPICS) says.
 */

const ROOT = join(__dirname, '../..');
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** Folders a run writes and the repository ignores: named by the docs, present only once a run has made them. */
const MADE_BY_RUNS = ['tests/e2e/screenshots'];

/** The top-level entries a path named in the docs may start with. */
const TOP = new Set(readdirSync(ROOT).filter((name) => !name.startsWith('.') && name !== 'node_modules'));

/**
 * Each path a doc names: in `code`, starting at a top-level entry of the repository, or as a relative link target
 * (from the doc's folder).
 */
function pathsNamed(doc: string): string[] {
  const named = new Set<string>();
  for (const match of read(doc).matchAll(/`([^`\s]+)`|\]\(([^)\s#]+)/g)) {
    if (match[2] !== undefined) {
      if (!/^[a-z]+:/.test(match[2])) named.add(normalize(join(dirname(doc), match[2])).replace(/\/$/, ''));
      continue;
    }
    const path = match[1].replace(/:.*$/, '').replace(/[),.;]+$/, '');
    if (path.includes('/') && TOP.has(path.split('/')[0])) named.add(path.replace(/\/$/, ''));
  }
  return [...named];
}

/** `a/{b,c}/d` as `a/b/d` and `a/c/d`. */
const expand = (path: string): string[] => {
  const brace = /\{([^}]*)\}/.exec(path);
  if (!brace) return [path];
  return brace[1].split(',').flatMap((part) => expand(path.slice(0, brace.index) + part + path.slice(brace.index + brace[0].length)));
};

/** Whether a path exists, a segment `<placeholder>` or with `*` standing for any entry of its folder (one must fit). */
function exists(path: string, base = ROOT): boolean {
  const [segment, ...rest] = path.split('/');
  const isPattern = /<[^>]+>|\*/.test(segment);
  if (!isPattern) return existsSync(join(base, segment)) && (!rest.length || exists(rest.join('/'), join(base, segment)));
  if (!existsSync(base)) return false;
  const pattern = new RegExp(`^${segment.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/<[^>]+>|\*/g, '.+')}$`);
  return readdirSync(base)
    .filter((entry) => pattern.test(entry))
    .some((entry) => !rest.length || exists(rest.join('/'), join(base, entry)));
}

describe('the docs name only paths that exist', () => {
  it.each(DOCS)('%s', (doc) => {
    const missing = pathsNamed(doc)
      .flatMap(expand)
      .filter((path) => !MADE_BY_RUNS.includes(path) && !exists(path));
    expect(missing).toEqual([]);
  });

  it('the folders a run makes are ignored by git', () => {
    const ignored = read('.gitignore');
    for (const folder of MADE_BY_RUNS) expect(ignored).toContain(folder);
  });
});

describe('the Processes table of docs/architecture.md and the topic catalogue', () => {
  const TOPIC = /^[a-z-]+\.[a-z-]+\.v\d+$/;
  const rows = read('docs/architecture.md')
    .split('\n')
    .filter((line) => /^\| `[a-z-]+`/.test(line))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells.length === 6)
    .map(([, process, , publishes, consumes]) => {
      const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
      return {
        process: codes(process)[0],
        publishes: codes(publishes)
          .filter((code) => TOPIC.test(code))
          .sort(),
        consumes: codes(consumes)
          .filter((code) => TOPIC.test(code))
          .sort(),
        consumesWebhookTopics: codes(consumes).includes('WEBHOOK_TOPICS'),
      };
    });

  it('has a row for each owner of a topic and each consumer', () => {
    const processes = rows.map((row) => row.process);
    const owners = EVENT_TOPICS.map((doc) => doc.owner).filter((owner) => owner !== 'every service');
    const consumers = EVENT_TOPICS.flatMap((doc) => doc.consumers.map((consumer) => consumer.service));
    expect([...new Set([...owners, ...consumers])].filter((service) => !processes.includes(service))).toEqual([]);
  });

  it('lists what each process publishes and consumes', () => {
    const webhookGroups = new Set(
      EVENT_TOPICS.flatMap((doc) => doc.consumers.filter((c) => c.purpose.includes('webhook')).map((c) => `${c.service} ${c.group}`)),
    );
    const expected = rows.map(({ process }) => {
      const consumed = EVENT_TOPICS.flatMap((doc) => doc.consumers.filter((c) => c.service === process).map((c) => ({ doc, c })));
      return {
        process,
        publishes: EVENT_TOPICS.filter((doc) => doc.owner === process)
          .map((doc) => doc.topic)
          .sort(),
        // The webhooks' consumer reads every topic of WEBHOOK_TOPICS: the row names that list rather than each topic.
        consumes: [
          ...new Set(consumed.filter(({ c }) => !webhookGroups.has(`${c.service} ${c.group}`)).map(({ doc }) => doc.topic)),
        ].sort(),
        consumesWebhookTopics: consumed.some(({ c }) => webhookGroups.has(`${c.service} ${c.group}`)),
      };
    });
    expect(rows).toEqual(expected);
  });

  it('says which topic every service publishes besides its own', () => {
    const text = read('docs/architecture.md');
    for (const doc of EVENT_TOPICS.filter((d) => d.owner === 'every service')) {
      expect(text).toMatch(new RegExp(`Every service[^\\n]*publishes[^\\n]*\`${doc.topic.replace(/\./g, '\\.')}\``));
    }
  });
});
