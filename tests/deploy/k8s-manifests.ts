/**
 * Validation of rendered Kubernetes manifests:
 *  - core kinds against the Kubernetes OpenAPI schemas, as compiled by the kubernetes-models package (Ajv),
 *    plus a strict pass that refuses unknown fields (TypeScript excess-property checks against the same
 *    package's types; kubectl refuses unknown fields the same way);
 *  - operator kinds (Strimzi, CloudNativePG) against the CRD subsets in tests/deploy/schemas.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { ROOT } from './deploy-model';
import { kustomize, podSpec, type Manifest } from './kustomize';

export const OVERLAYS = ['development', 'production'] as const;
export type Overlay = (typeof OVERLAYS)[number];

const cache = new Map<string, Manifest[]>();
/** `kustomize build deploy/k8s/<path>`; generated env files fall back to their committed *.example templates. */
export function render(path: 'base' | `overlays/${Overlay}`): Manifest[] {
  if (!cache.has(path)) cache.set(path, kustomize(join(ROOT, 'deploy/k8s', path), { exampleWhenMissing: true }));
  return structuredClone(cache.get(path)!);
}

function groupVersion(manifest: Manifest): { group: string; version: string } {
  const [group, version] = manifest.apiVersion.includes('/') ? manifest.apiVersion.split('/') : ['', manifest.apiVersion];
  return { group, version };
}

type ModelClass = new (data: unknown) => { validate(): void };
const modelPath = (manifest: Manifest) => {
  const { group, version } = groupVersion(manifest);
  return group ? `kubernetes-models/${group}/${version}/${manifest.kind}` : `kubernetes-models/${version}/${manifest.kind}`;
};

function coreModel(manifest: Manifest): ModelClass | undefined {
  try {
    return (require(modelPath(manifest)) as Record<string, ModelClass>)[manifest.kind];
  } catch {
    return undefined;
  }
}

const crdValidators = new Map<string, ValidateFunction>();
function crdValidator(manifest: Manifest): ValidateFunction | undefined {
  const { group, version } = groupVersion(manifest);
  const file = join(__dirname, 'schemas', `${group}-${version}-${manifest.kind}.json`);
  if (!existsSync(file)) return undefined;
  if (!crdValidators.has(file))
    crdValidators.set(file, new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(file, 'utf8'))));
  return crdValidators.get(file);
}

/** Schema problems of one manifest: [] when valid. */
export function schemaProblems(manifest: Manifest): string[] {
  const Model = coreModel(manifest);
  if (Model) {
    try {
      new Model(manifest).validate();
      return [];
    } catch (error) {
      return [(error as Error).message];
    }
  }
  const validate = crdValidator(manifest);
  if (!validate) return [`no schema for ${manifest.apiVersion} ${manifest.kind}`];
  return validate(manifest) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}

/** Unknown or mistyped fields of core manifests, found by type-checking them against kubernetes-models' types. */
export function strictProblems(manifests: Manifest[]): string[] {
  const core = manifests.filter((m) => coreModel(m));
  const lines = core.map((manifest, index) => {
    const type = `M${index}`;
    return [
      `import type { I${manifest.kind} as ${type} } from '${modelPath(manifest)}';`,
      `// ${manifest.kind}/${manifest.metadata.name}`,
      `export const m${index}: ${type} = ${JSON.stringify(manifest)};`,
    ].join('\n');
  });
  const fileName = join(ROOT, 'tests/deploy/__rendered-manifests__.ts');
  const text = lines.join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Node20,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    types: [],
    lib: ['lib.es2022.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    name === fileName ? ts.createSourceFile(name, text, version) : getSourceFile(name, version, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const program = ts.createProgram({ rootNames: [fileName], options, host });
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(fileName)).map((diagnostic) => {
    const line = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line ?? 0;
    const which = core[Math.floor(line / 3)];
    return `${which ? `${which.kind}/${which.metadata.name}: ` : ''}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

// ---- lookups -----------------------------------------------------------------------------------

export type Container = {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: Record<string, { name: string; key: string }> }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: Record<string, unknown>;
  volumeMounts?: { name: string; mountPath: string }[];
};
export type Probe = { httpGet?: { path: string; port: string | number }; exec?: unknown; tcpSocket?: unknown };

export const byKind = (manifests: Manifest[], kind: string) => manifests.filter((m) => m.kind === kind);
export const find = (manifests: Manifest[], kind: string, name: string) =>
  manifests.find((m) => m.kind === kind && m.metadata.name === name);
export const containersOf = (manifest: Manifest) => ((podSpec(manifest)?.containers ?? []) as unknown as Container[]) ?? [];
export const podLabels = (manifest: Manifest) =>
  ((manifest.spec as { template?: { metadata?: { labels?: Record<string, string> } } }).template?.metadata?.labels ?? {}) as Record<
    string,
    string
  >;
export const selects = (selector: Record<string, string> | undefined, labels: Record<string, string>) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);

/** ConfigMap keys, Secret keys (decoded names only) of the rendered resources. */
export function keysOf(manifest: Manifest | undefined): string[] {
  if (!manifest) return [];
  return Object.keys({ ...(manifest.data as object), ...(manifest.stringData as object) });
}
