/**
 * The subset of kustomize that deploy/k8s uses, so the tests can render the base and the overlays
 * without the kustomize binary. Anything outside the subset throws, so a manifest never depends on a
 * feature this renderer silently ignores.
 *
 * Supported: resources (files, multi-document YAML, directories with a kustomization.yaml), namespace,
 * images (newName/newTag/digest), replicas, patches (strategic merge or JSON 6902; from a path or
 * inline; optional target by kind/name/namespace/labelSelector), secretGenerator/configMapGenerator
 * (envs, literals, files) with generatorOptions.disableNameSuffixHash: true.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: unknown;
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface PatchTarget {
  kind?: string;
  name?: string;
  namespace?: string;
  group?: string;
  version?: string;
  labelSelector?: string;
}

interface Generator {
  name: string;
  type?: string;
  envs?: string[];
  literals?: string[];
  files?: string[];
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  namespace?: string;
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  replicas?: { name: string; count: number }[];
  patches?: { path?: string; patch?: string; target?: PatchTarget }[];
  secretGenerator?: Generator[];
  configMapGenerator?: Generator[];
  generatorOptions?: { disableNameSuffixHash?: boolean };
}

const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'images',
  'replicas',
  'patches',
  'secretGenerator',
  'configMapGenerator',
  'generatorOptions',
]);

const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PersistentVolume',
  'StorageClass',
  'PriorityClass',
  'IngressClass',
]);

export interface RenderOptions {
  /** Reads `<file>.example` when a generator's file is missing (the real one is generated, never committed). */
  exampleWhenMissing?: boolean;
}

export function readYamlDocuments(path: string): Manifest[] {
  return parseAllDocuments(readFileSync(path, 'utf8'))
    .map((document) => {
      if (document.errors.length) throw new Error(`${path}: ${document.errors[0].message}`);
      return document.toJS() as Manifest | null;
    })
    .filter((document): document is Manifest => document !== null);
}

/** Renders the kustomization in `directory` (like `kustomize build directory`). */
export function kustomize(directory: string, options: RenderOptions = {}): Manifest[] {
  const dir = resolve(directory);
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].map((f) => join(dir, f)).find(existsSync);
  if (!file) throw new Error(`${dir}: no kustomization.yaml`);
  const [spec] = readYamlDocuments(file) as unknown as Kustomization[];
  const unsupported = Object.keys(spec).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length) throw new Error(`${file}: unsupported by tests/deploy/kustomize.ts: ${unsupported.join(', ')}`);

  let resources: Manifest[] = [];
  for (const entry of spec.resources ?? []) {
    const path = resolve(dir, entry);
    if (!existsSync(path)) throw new Error(`${file}: resource ${entry} not found`);
    resources.push(...(statSync(path).isDirectory() ? kustomize(path, options) : readYamlDocuments(path)));
  }
  resources.push(...generate(dir, spec, options));
  for (const patch of spec.patches ?? []) resources = applyPatch(dir, resources, patch);
  if (spec.namespace) {
    for (const resource of resources) {
      if (!CLUSTER_SCOPED.has(resource.kind)) resource.metadata.namespace = spec.namespace;
    }
  }
  for (const image of spec.images ?? []) setImages(resources, image);
  for (const { name, count } of spec.replicas ?? []) {
    const matches = resources.filter((r) => ['Deployment', 'StatefulSet', 'ReplicaSet'].includes(r.kind) && r.metadata.name === name);
    if (!matches.length) throw new Error(`${file}: replicas: no workload named ${name}`);
    for (const match of matches) (match.spec as JsonObject).replicas = count;
  }
  const ids = new Set<string>();
  for (const resource of resources) {
    const id = `${resource.apiVersion}/${resource.kind}/${resource.metadata.namespace ?? ''}/${resource.metadata.name}`;
    if (ids.has(id)) throw new Error(`${file}: ${id} is defined twice`);
    ids.add(id);
  }
  return resources;
}

// ---- generators --------------------------------------------------------------------------------

function readGeneratorFile(dir: string, relative: string, options: RenderOptions): string {
  const path = resolve(dir, relative);
  if (existsSync(path)) return readFileSync(path, 'utf8');
  if (options.exampleWhenMissing && existsSync(`${path}.example`)) return readFileSync(`${path}.example`, 'utf8');
  throw new Error(`${dir}: generator file ${relative} not found`);
}

function parseEnvFile(text: string): [string, string][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const at = line.indexOf('=');
      if (at < 1) throw new Error(`env file line without KEY=value: ${line}`);
      return [line.slice(0, at), line.slice(at + 1)];
    });
}

function generate(dir: string, spec: Kustomization, options: RenderOptions): Manifest[] {
  const generators = [
    ...(spec.secretGenerator ?? []).map((g) => ({ ...g, secret: true })),
    ...(spec.configMapGenerator ?? []).map((g) => ({ ...g, secret: false })),
  ];
  if (generators.length && spec.generatorOptions?.disableNameSuffixHash !== true) {
    throw new Error(`${dir}: generators need generatorOptions.disableNameSuffixHash: true (name hashes are not supported here)`);
  }
  return generators.map((generator) => {
    const entries: [string, string][] = [];
    for (const env of generator.envs ?? []) entries.push(...parseEnvFile(readGeneratorFile(dir, env, options)));
    for (const literal of generator.literals ?? []) entries.push(...parseEnvFile(literal));
    for (const fileEntry of generator.files ?? []) {
      const [key, path] = fileEntry.includes('=') ? fileEntry.split('=', 2) : [basename(fileEntry), fileEntry];
      entries.push([key, readGeneratorFile(dir, path, options)]);
    }
    const data = Object.fromEntries(
      entries.map(([key, value]) => [key, generator.secret ? Buffer.from(value, 'utf8').toString('base64') : value]),
    );
    return {
      apiVersion: 'v1',
      kind: generator.secret ? 'Secret' : 'ConfigMap',
      metadata: { name: generator.name },
      ...(generator.secret ? { type: generator.type ?? 'Opaque' } : {}),
      data,
    } as Manifest;
  });
}

// ---- patches -----------------------------------------------------------------------------------

function matchesTarget(resource: Manifest, target: PatchTarget): boolean {
  const [group, version] = resource.apiVersion.includes('/') ? resource.apiVersion.split('/') : ['', resource.apiVersion];
  const whole = (pattern: string, value: string) => new RegExp(`^(?:${pattern})$`).test(value);
  if (target.kind && !whole(target.kind, resource.kind)) return false;
  if (target.name && !whole(target.name, resource.metadata.name)) return false;
  if (target.namespace && !whole(target.namespace, resource.metadata.namespace ?? '')) return false;
  if (target.group !== undefined && target.group !== group) return false;
  if (target.version && target.version !== version) return false;
  if (target.labelSelector) {
    for (const term of target.labelSelector.split(',')) {
      const [key, value] = term.split('=').map((s) => s.trim());
      if (resource.metadata.labels?.[key] !== value) return false;
    }
  }
  return true;
}

function applyPatch(dir: string, resources: Manifest[], entry: NonNullable<Kustomization['patches']>[number]): Manifest[] {
  const text = entry.path ? readFileSync(resolve(dir, entry.path), 'utf8') : entry.patch;
  if (!text) throw new Error(`${dir}: a patch needs path or patch`);
  const documents = parseAllDocuments(text).map((d) => d.toJS() as Json);
  if (Array.isArray(documents[0])) {
    if (!entry.target) throw new Error(`${dir}: a JSON 6902 patch needs a target`);
    const targets = resources.filter((r) => matchesTarget(r, entry.target!));
    if (!targets.length) throw new Error(`${dir}: patch target ${JSON.stringify(entry.target)} matches nothing`);
    for (const resource of targets) applyJson6902(resource as unknown as JsonObject, documents[0] as JsonObject[]);
    return resources;
  }
  let result = resources;
  for (const patch of documents as unknown as Manifest[]) {
    const targets = entry.target
      ? result.filter((r) => matchesTarget(r, entry.target!))
      : result.filter((r) => r.kind === patch.kind && r.metadata.name === patch.metadata?.name && r.apiVersion === patch.apiVersion);
    if (!targets.length) throw new Error(`${dir}: patch ${entry.path ?? ''} ${patch.kind}/${patch.metadata?.name} matches nothing`);
    for (const target of targets) {
      const body = structuredClone(patch) as unknown as JsonObject;
      if (entry.target) {
        // With a target, the patch's own name and kind only identify the file, not the resource.
        delete body.metadata;
        delete body.kind;
        delete body.apiVersion;
      }
      if (body.$patch === 'delete') {
        result = result.filter((r) => r !== target);
        continue;
      }
      strategicMerge(target as unknown as JsonObject, body);
    }
  }
  return result;
}

/** Merge keys of the Kubernetes lists the manifests patch; other lists are replaced, as the API does. */
const MERGE_KEYS: Record<string, string[]> = {
  containers: ['name'],
  initContainers: ['name'],
  env: ['name'],
  volumes: ['name'],
  volumeMounts: ['mountPath'],
  ports: ['containerPort', 'port'],
  imagePullSecrets: ['name'],
  topologySpreadConstraints: ['topologyKey'],
};

export function strategicMerge(target: JsonObject, patch: JsonObject): JsonObject {
  for (const [key, value] of Object.entries(patch)) {
    if (key === '$patch') continue;
    const current = target[key];
    if (value === null) delete target[key];
    else if (Array.isArray(value) && Array.isArray(current) && MERGE_KEYS[key]) target[key] = mergeList(key, current, value);
    else if (isObject(value) && isObject(current)) {
      if (value.$patch === 'replace') target[key] = withoutDirectives(value);
      else strategicMerge(current, value);
    } else target[key] = structuredClone(value);
  }
  return target;
}

function mergeList(key: string, current: Json[], patch: Json[]): Json[] {
  const mergeKey = MERGE_KEYS[key].find((k) => patch.every((item) => isObject(item) && k in item));
  if (!mergeKey) return structuredClone(patch);
  const result = [...current];
  for (const item of patch as JsonObject[]) {
    const index = result.findIndex((existing) => isObject(existing) && existing[mergeKey] === item[mergeKey]);
    if (item.$patch === 'delete') {
      if (index >= 0) result.splice(index, 1);
    } else if (index >= 0) strategicMerge(result[index] as JsonObject, item);
    else result.push(structuredClone(item));
  }
  return result;
}

function withoutDirectives(value: JsonObject): JsonObject {
  const copy = structuredClone(value);
  delete copy.$patch;
  return copy;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pointer(path: string): string[] {
  if (!path.startsWith('/')) throw new Error(`JSON pointer ${path} must start with /`);
  return path
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function applyJson6902(target: JsonObject, operations: JsonObject[]): void {
  for (const operation of operations) {
    const parts = pointer(String(operation.path));
    const last = parts.pop()!;
    let parent: Json = target;
    for (const part of parts) {
      parent = Array.isArray(parent) ? parent[Number(part)] : (parent as JsonObject)?.[part];
      if (parent === undefined) throw new Error(`JSON 6902 ${operation.op} ${operation.path}: no such path`);
    }
    const container = parent as JsonObject | Json[];
    switch (operation.op) {
      case 'add':
        if (Array.isArray(container)) container.splice(last === '-' ? container.length : Number(last), 0, structuredClone(operation.value));
        else container[last] = structuredClone(operation.value);
        break;
      case 'replace':
        if (Array.isArray(container) ? container[Number(last)] === undefined : !(last in container)) {
          throw new Error(`JSON 6902 replace ${operation.path}: no such path`);
        }
        (container as JsonObject)[last] = structuredClone(operation.value);
        break;
      case 'remove':
        if (Array.isArray(container)) container.splice(Number(last), 1);
        else if (last in container) delete container[last];
        else throw new Error(`JSON 6902 remove ${operation.path}: no such path`);
        break;
      default:
        throw new Error(`JSON 6902 op ${String(operation.op)} is not supported here`);
    }
  }
}

// ---- images ------------------------------------------------------------------------------------

/** The pod template of a workload (Deployment, StatefulSet, DaemonSet, Job) or a Pod's own spec. */
export function podSpec(resource: Manifest): JsonObject | undefined {
  const spec = resource.spec as JsonObject | undefined;
  if (!spec) return undefined;
  if (resource.kind === 'Pod') return spec;
  if (resource.kind === 'CronJob')
    return (((spec.jobTemplate as JsonObject)?.spec as JsonObject)?.template as JsonObject)?.spec as JsonObject;
  return (spec.template as JsonObject | undefined)?.spec as JsonObject | undefined;
}

export function imageName(image: string): { name: string; tag?: string; digest?: string } {
  const [withoutDigest, digest] = image.split('@');
  const slash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.lastIndexOf(':');
  if (colon > slash) return { name: withoutDigest.slice(0, colon), tag: withoutDigest.slice(colon + 1), digest };
  return { name: withoutDigest, digest };
}

function setImages(resources: Manifest[], rule: NonNullable<Kustomization['images']>[number]): void {
  for (const resource of resources) {
    const spec = podSpec(resource);
    for (const container of [...((spec?.containers as JsonObject[]) ?? []), ...((spec?.initContainers as JsonObject[]) ?? [])]) {
      const current = imageName(String(container.image));
      if (current.name !== rule.name) continue;
      const name = rule.newName ?? current.name;
      if (rule.digest) container.image = `${name}@${rule.digest}`;
      else {
        const tag = rule.newTag ?? current.tag;
        container.image = tag ? `${name}:${tag}` : name;
      }
    }
  }
}
