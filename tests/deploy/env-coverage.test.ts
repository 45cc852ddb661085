/**
 * Every variable a process's zod config schema requires (no default, or a default that only works on
 * a developer's machine) is set for it in docker-compose.yml and in the Kubernetes overlays; and
 * nothing is set that no schema reads (a misspelt name would silently fall back to a default).
 * The required lists come from the schemas themselves, so this cannot drift from the code.
 */
import { serviceUrlVariable, SERVICE_NAMES } from '@backoffice/contracts';
import { COMMON_VARIABLES, configSchemaOf, deployProcesses, exampleEnvWithSecrets, loadCompose, requiredInContainer } from './deploy-model';
import { OVERLAYS, containersOf, find, keysOf, render, type Overlay } from './k8s-manifests';

const processes = deployProcesses().map((process) => {
  const { schema, source } = configSchemaOf(process);
  return { ...process, schema, source, required: requiredInContainer(schema), declared: new Set(Object.keys(schema.shape)) };
});
const { compose } = loadCompose(exampleEnvWithSecrets());

/** Variables one container of a rendered overlay gets, with the values Kubernetes would give it where known. */
function kubernetesEnvironment(overlay: Overlay, deploymentName: string): { names: Set<string>; composed: Set<string> } {
  const manifests = render(`overlays/${overlay}`);
  const [container] = containersOf(find(manifests, 'Deployment', deploymentName)!);
  const names = new Set<string>();
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) keysOf(find(manifests, 'ConfigMap', from.configMapRef.name)).forEach((key) => names.add(key));
  }
  for (const variable of container.env ?? []) names.add(variable.name);
  // Helpers that only build another value, e.g. DATABASE_URL from $(DATABASE_USER) and $(DATABASE_PASSWORD).
  const composed = new Set(
    manifests
      .filter((m) => m.kind === 'Deployment')
      .flatMap((d) =>
        containersOf(d).flatMap((c) => (c.env ?? []).flatMap((v) => [...(v.value ?? '').matchAll(/\$\(([A-Z0-9_]+)\)/g)].map((m) => m[1]))),
      ),
  );
  return { names, composed };
}

describe.each(processes)('$name reads its environment with $source', (process) => {
  it('has required variables derived from its schema', () => {
    expect(process.required).toEqual(expect.arrayContaining(['SERVICE_NAME', 'PORT', 'JWT_PUBLIC_KEY', 'REDIS_URL']));
    if (process.database) expect(process.required).toEqual(expect.arrayContaining(['DATABASE_URL', 'KAFKA_BROKERS']));
    if (process.name === 'identity') expect(process.required).toContain('JWT_PRIVATE_KEY');
    if (process.name === 'gateway') expect(process.required).toEqual(expect.arrayContaining(SERVICE_NAMES.map(serviceUrlVariable)));
  });

  it('gets every required variable, non-empty, in docker-compose.yml', () => {
    const environment = compose.services[process.name].environment ?? {};
    const missing = process.required.filter((name) => environment[name] === undefined || String(environment[name]) === '');
    expect(missing).toEqual([]);
  });

  it('gets no variable in docker-compose.yml that nothing reads', () => {
    const unknown = Object.keys(compose.services[process.name].environment ?? {}).filter(
      (name) => !process.declared.has(name) && !COMMON_VARIABLES.has(name),
    );
    expect(unknown).toEqual([]);
  });

  it.each(OVERLAYS)('gets every required variable from the %s ConfigMaps and Secrets', (overlay) => {
    const { names } = kubernetesEnvironment(overlay, process.name);
    expect(process.required.filter((name) => !names.has(name))).toEqual([]);
  });

  it.each(OVERLAYS)('gets no variable in %s that nothing reads', (overlay) => {
    const { names, composed } = kubernetesEnvironment(overlay, process.name);
    const unknown = [...names].filter((name) => !process.declared.has(name) && !COMMON_VARIABLES.has(name) && !composed.has(name));
    expect(unknown).toEqual([]);
  });
});

/** Optional in their schemas (development derives or generates them) but needed by every real deployment. */
const DEPLOYMENT_SECRETS: Record<string, string[]> = {
  identity: ['TOTP_ENCRYPTION_KEY'], // else derived from JWT_PRIVATE_KEY, and a JWT rotation would lock two-factor users out
  crm: ['CRM_SSN_KEY'], // crm refuses to start in production without it
  'crm-worker': ['CRM_SSN_KEY'],
};

describe.each(Object.entries(DEPLOYMENT_SECRETS))('%s', (name, secrets) => {
  const process = processes.find((p) => p.name === name)!;

  it.each(secrets)('gets %s from a secret everywhere', (secret) => {
    expect(process.declared.has(secret)).toBe(true);
    expect(String(compose.services[name].environment?.[secret] ?? '')).not.toBe('');
    for (const overlay of OVERLAYS) {
      const [container] = containersOf(find(render(`overlays/${overlay}`), 'Deployment', name)!);
      expect(container.env?.find((v) => v.name === secret)?.valueFrom?.secretKeyRef).toEqual({ name: 'backoffice-secrets', key: secret });
    }
  });
});

describe('the required-variable rule', () => {
  it('counts a variable without a default, and a default that points at the developer machine', async () => {
    const { z } = await import('zod');
    const schema = z.object({
      A: z.string(),
      B: z.string().default('x'),
      C: z.string().url().default('http://127.0.0.1:3001'),
      D: z.string().default('.local/files'),
      E: z.string().optional(),
      F: z
        .enum(['true', 'false'])
        .default('false')
        .transform((v) => v === 'true'),
    });
    expect(requiredInContainer(schema as never)).toEqual(['A', 'C', 'D']);
  });
});
