import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { ROOT } from './deploy-model';
import { applyJson6902, imageName, kustomize, strategicMerge, type Manifest } from './kustomize';

/** Writes files (path: text) under a new temporary directory. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kustomize-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/**
 * kustomize itself: `kustomize build`, or kubectl's built-in `kubectl kustomize` (kustomize 5.5 in the kubectl 1.32
 * these machines come with). Debian's kubernetes-client (kubectl 1.20, kustomize 2) predates components.
 */
const realKustomize = [
  ['kustomize', 'build'],
  ['kubectl', 'kustomize'],
].find(([command, sub]) => spawnSync(command, [sub, '--help'], { stdio: 'ignore' }).status === 0);

describe('the kustomize subset used by the deploy checks', () => {
  it("merges lists by their Kubernetes merge key (the patch's items first, as kustomize), replaces the others, and deletes on null", () => {
    const target = {
      containers: [{ name: 'a', image: 'x', env: [{ name: 'A', value: '1' }] }],
      metrics: [{ type: 'Resource' }],
      drop: 'me',
    };
    strategicMerge(target, {
      containers: [
        { name: 'a', env: [{ name: 'B', value: '2' }] },
        { name: 'b', image: 'y' },
      ],
      metrics: [{ type: 'External' }],
      drop: null,
    });
    expect(target).toEqual({
      containers: [
        {
          name: 'a',
          image: 'x',
          // As kustomize: the patch's items first, then the others.
          env: [
            { name: 'B', value: '2' },
            { name: 'A', value: '1' },
          ],
        },
        { name: 'b', image: 'y' },
      ],
      metrics: [{ type: 'External' }],
    });
  });

  it('applies JSON 6902 operations and refuses a path that does not exist', () => {
    const target = { spec: { accessModes: ['ReadWriteMany'], list: [1] } };
    applyJson6902(target, [
      { op: 'replace', path: '/spec/accessModes', value: ['ReadWriteOnce'] },
      { op: 'add', path: '/spec/list/-', value: 2 },
    ]);
    expect(target.spec).toEqual({ accessModes: ['ReadWriteOnce'], list: [1, 2] });
    expect(() => applyJson6902(target, [{ op: 'replace', path: '/spec/nothing', value: 1 }])).toThrow(/no such path/);
  });

  it('reads image references with registries, ports, tags and digests', () => {
    expect(imageName('registry.example.com:5000/backoffice/crm-worker:1.0.0')).toEqual({
      name: 'registry.example.com:5000/backoffice/crm-worker',
      tag: '1.0.0',
      digest: undefined,
    });
    expect(imageName('backoffice/gateway')).toEqual({ name: 'backoffice/gateway', digest: undefined });
  });

  it('renders namespace, images and replicas, and refuses what it does not support', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kustomize-'));
    try {
      writeFileSync(
        join(dir, 'app.yaml'),
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n        - name: web\n          image: backoffice/web\n',
      );
      writeFileSync(
        join(dir, 'kustomization.yaml'),
        'namespace: n\nresources: [app.yaml]\nimages: [{ name: backoffice/web, newName: r.io/web, newTag: "2" }]\nreplicas: [{ name: web, count: 3 }]\n',
      );
      const [web] = kustomize(dir);
      expect(web.metadata.namespace).toBe('n');
      expect(web.spec).toMatchObject({ replicas: 3, template: { spec: { containers: [{ image: 'r.io/web:2' }] } } });
      writeFileSync(join(dir, 'kustomization.yaml'), 'resources: [app.yaml]\nnamePrefix: x-\n');
      expect(() => kustomize(dir)).toThrow(/unsupported .*namePrefix/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('includes components: their resources join the including kustomization, their transformers act on all of them', () => {
    const dir = tree({
      'app/kustomization.yaml': 'resources: [values.yaml]\ncomponents: [../shape]\npatches: [{ path: patch.yaml }]\n',
      'app/values.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-values\n  annotations: { config.kubernetes.io/local-config: "true" }\ndata: { name: web, port: "8080" }\n',
      'app/patch.yaml':
        'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: web }\nspec: { replicas: null, template: { spec: { containers: [{ name: web, env: [{ name: EXTRA, value: x }] }] } } }\n',
      'shape/kustomization.yaml': [
        'apiVersion: kustomize.config.k8s.io/v1alpha1',
        'kind: Component',
        'resources: [deployment.yaml]',
        'replacements:',
        '  - source: { kind: ConfigMap, fieldPath: data.port }',
        '    targets:',
        '      - select: { kind: Deployment, name: template }',
        '        fieldPaths:',
        '          - spec.template.spec.containers.[name=template].ports.[name=http].containerPort',
        '          - spec.template.spec.containers.[name=template].env.[name=PORT].value',
        '  - source: { kind: ConfigMap, fieldPath: data.name }',
        '    targets:',
        '      - select: { kind: Deployment, name: template }',
        '        fieldPaths:',
        '          - spec.template.spec.containers.0.image',
        '        options: { delimiter: /, index: 1 }',
        '      - select: { kind: Deployment, name: template }',
        '        fieldPaths:',
        '          - metadata.labels.[app.kubernetes.io/name]',
        '          - spec.template.spec.containers.[name=template].name',
        '          - metadata.name',
        '',
      ].join('\n'),
      'shape/deployment.yaml': [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: { name: template, labels: { app.kubernetes.io/name: template } }',
        'spec:',
        '  replicas: 2',
        '  template:',
        '    spec:',
        '      containers:',
        '        - name: template',
        '          image: backoffice/template',
        '          ports: [{ name: http, containerPort: 1 }]',
        '          env: [{ name: PORT, value: "1" }]',
        '',
      ].join('\n'),
      'kustomization.yaml': 'resources: [app]\nnamespace: shop\n',
    });
    try {
      // The values (local configuration) stay until the end and are left out of the output.
      expect(kustomize(dir)).toEqual([
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web', namespace: 'shop', labels: { 'app.kubernetes.io/name': 'web' } },
          spec: {
            template: {
              spec: {
                containers: [
                  // A scalar keeps its type: containerPort stays a number, PORT a string.
                  {
                    name: 'web',
                    image: 'backoffice/web',
                    ports: [{ name: 'http', containerPort: 8080 }],
                    env: [
                      { name: 'EXTRA', value: 'x' },
                      { name: 'PORT', value: '8080' },
                    ],
                  },
                ],
              },
            },
          },
        },
      ]);
      // A component must say it is one, and only a component may be included as one.
      writeFileSync(join(dir, 'shape/kustomization.yaml'), 'resources: [deployment.yaml]\n');
      expect(() => kustomize(dir)).toThrow(/expected kind 'Component'/);
      writeFileSync(join(dir, 'shape/kustomization.yaml'), 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Component\n');
      expect(() => kustomize(dir)).toThrow(/apiVersion for Component should be kustomize.config.k8s.io\/v1alpha1/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a replacement whose source or target field is missing, or whose source is ambiguous', () => {
    const deployment = 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: web }\nspec: { replicas: 1 }\n';
    const values = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: ${name} }\ndata: { count: "3" }\n`;
    const dir = tree({ 'app.yaml': deployment, 'a.yaml': values('a'), 'b.yaml': values('b') });
    const build = (resources: string, fieldPath: string, targetPath: string) => {
      writeFileSync(
        join(dir, 'kustomization.yaml'),
        `resources: [${resources}]\nreplacements:\n  - source: { kind: ConfigMap, fieldPath: ${fieldPath} }\n    targets: [{ select: { kind: Deployment }, fieldPaths: [${targetPath}] }]\n`,
      );
      return kustomize(dir);
    };
    try {
      expect(build('app.yaml, a.yaml', 'data.count', 'spec.replicas').find((m) => m.kind === 'Deployment')?.spec).toEqual({ replicas: 3 });
      expect(() => build('app.yaml, a.yaml', 'data.other', 'spec.replicas')).toThrow(/fieldPath `data.other` is missing/);
      expect(() => build('app.yaml, a.yaml', 'data.count', 'spec.paused')).toThrow(/unable to find field "spec.paused"/);
      expect(() => build('app.yaml, a.yaml, b.yaml', 'data.count', 'spec.replicas')).toThrow(/multiple matches/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Where two values differ: `path: ours → kustomize's`. */
function differences(ours: unknown, real: unknown, path: string): string[] {
  if (isDeepStrictEqual(ours, real)) return [];
  const isContainer = (v: unknown) => typeof v === 'object' && v !== null;
  if (isContainer(ours) && isContainer(real) && Array.isArray(ours) === Array.isArray(real)) {
    const keys = new Set([...Object.keys(ours as object), ...Object.keys(real as object)]);
    return [...keys].flatMap((key) =>
      differences((ours as Record<string, unknown>)[key], (real as Record<string, unknown>)[key], `${path}.${key}`),
    );
  }
  return [`${path}: ${JSON.stringify(ours)} → ${JSON.stringify(real)}`];
}

describe('deploy/k8s, rendered by kustomize itself', () => {
  const id = (m: Manifest) => `${m.apiVersion}/${m.kind}/${m.metadata.namespace ?? ''}/${m.metadata.name}`;
  let copy: string;
  beforeAll(() => {
    // A copy with the generated env files made from their templates, as render() reads them.
    copy = mkdtempSync(join(tmpdir(), 'k8s-'));
    cpSync(join(ROOT, 'deploy/k8s'), copy, { recursive: true });
    for (const overlay of readdirSync(join(copy, 'overlays'))) {
      for (const file of readdirSync(join(copy, 'overlays', overlay)).filter((f) => f.endsWith('.env.example'))) {
        const env = join(copy, 'overlays', overlay, file.replace(/\.example$/, ''));
        if (!existsSync(env)) copyFileSync(join(copy, 'overlays', overlay, file), env);
      }
    }
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it.each(['base', 'overlays/development', 'overlays/production'])('%s: this subset renders exactly what kustomize renders', (path) => {
    if (!realKustomize) throw new Error('neither kustomize nor kubectl (1.27 or later) is on PATH: install one to compare with');
    const [command, sub] = realKustomize;
    const run = spawnSync(command, [sub, join(copy, path)], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    const real = parseAllDocuments(run.stdout).map((document) => document.toJS() as Manifest);
    const ours = kustomize(join(copy, path));
    expect(ours.map(id).sort()).toEqual(real.map(id).sort());
    expect(
      ours.flatMap((m) =>
        differences(
          m,
          real.find((r) => id(r) === id(m)),
          id(m),
        ),
      ),
    ).toEqual([]);
  });
});
