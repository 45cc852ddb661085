/**
 * The subset of kustomize that deploy/k8s uses, so the tests can render the base and the overlays
 * without the kustomize binary. Anything outside the subset throws, so a manifest never depends on a
 * feature this renderer silently ignores. Semantics follow kustomize 5 (api/internal/target/kusttarget.go):
 * resources, then generators, then components, then transformers (patches, namespace, replicas, images,
 * replacements); local configuration (annotation config.kubernetes.io/local-config) is dropped from the
 * final output only.
 *
 * Supported: resources (files, multi-document YAML, directories with a kustomization.yaml), components
 * (directories whose kustomization is a Component: its resources join the including kustomization's, and its
 * transformers act on all of them), namespace, images (newName/newTag/digest), replicas, patches (strategic
 * merge or JSON 6902; from a path or inline; optional target by kind/name/namespace/labelSelector),
 * replacements (source by kind/name/group/version/namespace, fieldPath and delimiter options; targets by
 * select/reject, fieldPaths with [key=value] list selectors, indexes and *, delimiter options),
 * secretGenerator/configMapGenerator (envs, literals, files) with generatorOptions.disableNameSuffixHash: true.
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

interface Selector {
  group?: string;
  version?: string;
  kind?: string;
  name?: string;
  namespace?: string;
  labelSelector?: string;
  annotationSelector?: string;
}

interface Replacement {
  source: Omit<Selector, 'labelSelector' | 'annotationSelector'> & { fieldPath?: string; options?: FieldOptions };
  targets: { select: Selector; reject?: Selector[]; fieldPaths?: string[]; options?: FieldOptions }[];
}

interface FieldOptions {
  delimiter?: string;
  index?: number;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  components?: string[];
  replacements?: Replacement[];
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
  'components',
  'replacements',
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

const KUSTOMIZATION = { apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization' };
const COMPONENT = { apiVersion: 'kustomize.config.k8s.io/v1alpha1', kind: 'Component' };
const LOCAL_CONFIG = 'config.kubernetes.io/local-config';

/** Renders the kustomization in `directory` (like `kustomize build directory`). */
export function kustomize(directory: string, options: RenderOptions = {}): Manifest[] {
  // Local configuration (e.g. the values a component's replacements read) is dropped only from the final output.
  return accumulate(resolve(directory), [], 'Kustomization', options).filter((resource) => {
    const local = resource.metadata.annotations?.[LOCAL_CONFIG];
    return local === undefined || local === 'false';
  });
}

function readKustomization(dir: string, expected: 'Kustomization' | 'Component'): { file: string; spec: Kustomization } {
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].map((f) => join(dir, f)).find(existsSync);
  if (!file) throw new Error(`${dir}: no kustomization.yaml`);
  const [spec] = readYamlDocuments(file) as unknown as Kustomization[];
  const unsupported = Object.keys(spec).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length) throw new Error(`${file}: unsupported by tests/deploy/kustomize.ts: ${unsupported.join(', ')}`);
  const kind = spec.kind ?? 'Kustomization';
  // As kustomize: a component is a Component (apiVersion v1alpha1), a resource directory is not.
  const required = kind === 'Component' ? COMPONENT : KUSTOMIZATION;
  if (kind !== 'Kustomization' && kind !== 'Component') throw new Error(`${file}: kind should be Kustomization or Component`);
  if (spec.apiVersion !== undefined && spec.apiVersion !== required.apiVersion)
    throw new Error(`${file}: apiVersion for ${kind} should be ${required.apiVersion}`);
  if (kind !== expected)
    throw new Error(`${file}: ${expected === 'Component' ? `expected kind 'Component'` : `expected kind != 'Component'`} (got ${kind})`);
  return { file, spec };
}

/**
 * One kustomization's build on top of `resources`: a Kustomization starts from none (its result joins its
 * parent's afterwards), a Component adds to its parent's and transforms them all.
 */
function accumulate(dir: string, accumulated: Manifest[], kind: 'Kustomization' | 'Component', options: RenderOptions): Manifest[] {
  const { file, spec } = readKustomization(dir, kind);
  let resources = accumulated;
  const add = (more: Manifest[]) => {
    for (const resource of more) {
      const id = resourceId(resource);
      if (resources.some((r) => resourceId(r) === id)) throw new Error(`${file}: ${id} is defined twice`);
      resources.push(resource);
    }
  };
  for (const entry of spec.resources ?? []) {
    const path = resolve(dir, entry);
    if (!existsSync(path)) throw new Error(`${file}: resource ${entry} not found`);
    add(statSync(path).isDirectory() ? accumulate(path, [], 'Kustomization', options) : readYamlDocuments(path));
  }
  add(generate(dir, spec, options));
  for (const entry of spec.components ?? []) {
    const path = resolve(dir, entry);
    if (!existsSync(path) || !statSync(path).isDirectory()) throw new Error(`${file}: component ${entry} is not a directory`);
    resources = accumulate(path, resources, 'Component', options);
  }
  for (const patch of spec.patches ?? []) resources = applyPatch(dir, resources, patch);
  if (spec.namespace) {
    for (const resource of resources) {
      if (!CLUSTER_SCOPED.has(resource.kind)) resource.metadata.namespace = spec.namespace;
    }
  }
  for (const { name, count } of spec.replicas ?? []) {
    const matches = resources.filter((r) => ['Deployment', 'StatefulSet', 'ReplicaSet'].includes(r.kind) && r.metadata.name === name);
    if (!matches.length) throw new Error(`${file}: replicas: no workload named ${name}`);
    for (const match of matches) (match.spec as JsonObject).replicas = count;
  }
  for (const image of spec.images ?? []) setImages(resources, image);
  for (const replacement of spec.replacements ?? []) replace(file, resources, replacement);
  const ids = new Set<string>();
  for (const resource of resources) {
    const id = resourceId(resource);
    if (ids.has(id)) throw new Error(`${file}: ${id} is defined twice`);
    ids.add(id);
  }
  return resources;
}

const resourceId = (resource: Manifest) =>
  `${resource.apiVersion}/${resource.kind}/${resource.metadata.namespace ?? ''}/${resource.metadata.name}`;

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
  if (target.labelSelector && !matchesLabels(resource.metadata.labels, target.labelSelector)) return false;
  return true;
}

/** Equality-based selectors (`k=v`, `k==v`, `k!=v`, comma-separated); set-based ones throw. */
function matchesLabels(labels: Record<string, string> | undefined, selector: string): boolean {
  return selector.split(',').every((term) => {
    const match = /^\s*([^=!\s]+)\s*(==|=|!=)\s*([^=!\s]*)\s*$/.exec(term);
    if (!match) throw new Error(`selector ${selector}: only k=v, k==v and k!=v are supported here`);
    const [, key, op, value] = match;
    return op === '!=' ? labels?.[key] !== value : labels?.[key] === value;
  });
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

/**
 * kustomize's merge of a list with a merge key (kyaml, ListIncreaseDirection prepend): the patch's items come
 * first, in the patch's order (an item already in the list is merged into it and moves up), then the list's
 * items the patch does not mention, in their order; `$patch: delete` drops an item.
 */
function mergeList(key: string, current: Json[], patch: Json[]): Json[] {
  const mergeKey = MERGE_KEYS[key].find((k) => patch.every((item) => isObject(item) && k in item));
  if (!mergeKey) return structuredClone(patch);
  const keyOf = (item: Json) => String((item as JsonObject)[mergeKey]);
  const mentioned = new Set((patch as JsonObject[]).map(keyOf));
  const result: Json[] = [];
  for (const item of patch as JsonObject[]) {
    if (item.$patch === 'delete') continue;
    const existing = current.find((candidate) => isObject(candidate) && keyOf(candidate) === keyOf(item));
    result.push(existing ? strategicMerge(existing as JsonObject, item) : withoutDirectives(item));
  }
  return [...result, ...current.filter((item) => !isObject(item) || !mentioned.has(keyOf(item)))];
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

// ---- replacements ------------------------------------------------------------------------------

/** A field path split as kustomize's SmarterPathSplitter does: `a.[x.y/z].[name=n]` is a, x.y/z, [name=n]. */
export function splitFieldPath(path: string): string[] {
  const parts: string[] = [];
  for (const piece of path.split('.')) {
    const last = parts.at(-1);
    if (last?.endsWith('\\')) parts[parts.length - 1] = `${last.slice(0, -1)}.${piece}`;
    else if (last?.startsWith('[') && !last.endsWith(']')) parts[parts.length - 1] = `${last}.${piece}`;
    else parts.push(piece);
  }
  return parts.map((part) => (part.startsWith('[') && part.endsWith(']') && !part.includes('=') ? part.slice(1, -1) : part));
}

type Slot = { parent: JsonObject | Json[]; key: string | number };

/**
 * The fields a path names, as kyaml's PathMatcher finds them: a map key, an index, `*` (every element) or
 * `[field=regex]` (the elements whose field matches the regular expression, unanchored, as kyaml does).
 */
function matchPath(node: Json, parts: string[], slot?: Slot): Slot[] {
  if (!parts.length) return slot ? [slot] : [];
  const [part, ...rest] = parts;
  if (/^\d+$/.test(part)) {
    if (!Array.isArray(node)) return [];
    const index = Number(part);
    if (index >= node.length) throw new Error(`index ${index} specified but only ${node.length} elements found`);
    return matchPath(node[index], rest, { parent: node, key: index });
  }
  if (part === '*') return Array.isArray(node) ? node.flatMap((item, index) => matchPath(item, rest, { parent: node, key: index })) : [];
  if (part.startsWith('[') && part.endsWith(']')) {
    const at = part.indexOf('=');
    if (at < 0) throw new Error(`list path element ${part} must contain fieldName=fieldValue`);
    if (!Array.isArray(node)) return [];
    const field = part.slice(1, at);
    const pattern = new RegExp(part.slice(at + 1, -1));
    return node.flatMap((item, index) => {
      const value = field ? (isObject(item) ? item[field] : undefined) : item;
      if (value === undefined || value === null || isObject(value) || Array.isArray(value)) return [];
      return pattern.test(String(value).trim()) ? matchPath(item, rest, { parent: node, key: index }) : [];
    });
  }
  if (!isObject(node) || !(part in node)) return [];
  return matchPath(node[part], rest, { parent: node, key: part });
}

const slotValue = ({ parent, key }: Slot) => (parent as Record<string | number, Json>)[key];

function selects(resource: Manifest, selector: Selector): boolean {
  const [group, version] = resource.apiVersion.includes('/') ? resource.apiVersion.split('/') : ['', resource.apiVersion];
  // Resource ids match exactly here (patch targets take regular expressions, replacements do not).
  if (selector.kind && selector.kind !== resource.kind) return false;
  if (selector.name && selector.name !== resource.metadata.name) return false;
  if (selector.namespace && selector.namespace !== (resource.metadata.namespace ?? '')) return false;
  if (selector.group && selector.group !== group) return false;
  if (selector.version && selector.version !== version) return false;
  if (selector.labelSelector && !matchesLabels(resource.metadata.labels, selector.labelSelector)) return false;
  if (selector.annotationSelector && !matchesLabels(resource.metadata.annotations, selector.annotationSelector)) return false;
  return true;
}

function scalar(value: Json, where: string): string {
  if (value === null || isObject(value) || Array.isArray(value))
    throw new Error(`${where}: delimiter option can only be used with scalar nodes`);
  return String(value);
}

/** One entry of `replacements:` (kustomize's api/filters/replacement). */
function replace(file: string, resources: Manifest[], replacement: Replacement): void {
  const { source, targets } = replacement;
  if (!source || !targets) throw new Error(`${file}: replacements must specify a source and at least one target`);
  const known = ['kind', 'name', 'group', 'version', 'namespace', 'fieldPath', 'options'];
  const unknown = [...Object.keys(source).filter((k) => !known.includes(k))];
  for (const target of targets)
    unknown.push(...Object.keys(target).filter((k) => !['select', 'reject', 'fieldPaths', 'options'].includes(k)));
  for (const options of [source.options, ...targets.map((t) => t.options)])
    unknown.push(...Object.keys(options ?? {}).filter((k) => !['delimiter', 'index'].includes(k)));
  if (unknown.length) throw new Error(`${file}: replacements: unsupported by tests/deploy/kustomize.ts: ${unknown.join(', ')}`);

  const sources = resources.filter((r) => selects(r, source));
  if (sources.length !== 1)
    throw new Error(
      `${file}: ${sources.length ? 'multiple matches' : 'nothing selected'} for replacement source ${JSON.stringify(source)}`,
    );
  const fieldPath = source.fieldPath ?? 'metadata.name';
  const found = matchPath(sources[0] as unknown as Json, splitFieldPath(fieldPath));
  let value = found.length ? slotValue(found[0]) : undefined;
  if (value === undefined || value === null || (isObject(value) && !Object.keys(value).length) || (Array.isArray(value) && !value.length))
    throw new Error(`${file}: fieldPath \`${fieldPath}\` is missing for replacement source ${JSON.stringify(source)}`);
  if (source.options?.delimiter) {
    const pieces = scalar(value, file).split(source.options.delimiter);
    const index = source.options.index ?? 0;
    if (index < 0 || index >= pieces.length) throw new Error(`${file}: options.index ${index} is out of bounds for value ${String(value)}`);
    value = pieces[index];
  }

  for (const target of targets) {
    if (!target.select) throw new Error(`${file}: target must specify resources to select`);
    for (const resource of resources) {
      if (!selects(resource, target.select) || (target.reject ?? []).some((reject) => selects(resource, reject))) continue;
      for (const path of target.fieldPaths ?? ['metadata.name']) {
        const slots = matchPath(resource as unknown as Json, splitFieldPath(path));
        if (!slots.length)
          throw new Error(`${file}: unable to find field "${path}" in replacement target ${resource.kind}/${resource.metadata.name}`);
        for (const slot of slots) setField(file, slot, value, target.options);
      }
    }
  }
}

function setField(file: string, slot: Slot, source: Json, options: FieldOptions | undefined): void {
  const current = slotValue(slot);
  let value = structuredClone(source);
  if (options?.delimiter) {
    const pieces = scalar(current, file).split(options.delimiter);
    const index = options.index ?? 0;
    const piece = scalar(value, file);
    if (index < 0) pieces.unshift(piece);
    else if (index >= pieces.length) pieces.push(piece);
    else pieces[index] = piece;
    value = pieces.join(options.delimiter);
  }
  const container = slot.parent as Record<string | number, Json>;
  if (current === null || isObject(current) || Array.isArray(current)) {
    container[slot.key] = value;
    return;
  }
  // A scalar keeps its type, only its value is copied (kustomize: "auto-convert int->string or string->int").
  if (isObject(value) || Array.isArray(value) || value === null) throw new Error(`${file}: cannot write a map or list into a scalar`);
  if (typeof current === 'number') {
    if (!/^-?\d+(\.\d+)?$/.test(String(value))) throw new Error(`${file}: ${String(value)} is not a number, for a numeric field`);
    container[slot.key] = Number(value);
  } else if (typeof current === 'boolean') {
    if (!['true', 'false'].includes(String(value))) throw new Error(`${file}: ${String(value)} is not a boolean, for a boolean field`);
    container[slot.key] = String(value) === 'true';
  } else container[slot.key] = String(value);
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
