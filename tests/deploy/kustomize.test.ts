import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyJson6902, imageName, kustomize, strategicMerge } from './kustomize';

describe('the kustomize subset used by the deploy checks', () => {
  it('merges lists by their Kubernetes merge key, replaces the others, and deletes on null', () => {
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
          env: [
            { name: 'A', value: '1' },
            { name: 'B', value: '2' },
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
});
