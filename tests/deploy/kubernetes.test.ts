import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { databaseName, SERVICE_NAMES } from '@backoffice/contracts';
import { ROOT, deployProcesses, exampleEnvWithSecrets, loadCompose } from './deploy-model';
import { imageName, type Manifest } from './kustomize';
import {
  OVERLAYS,
  byKind,
  containersOf,
  find,
  keysOf,
  podLabels,
  render,
  schemaProblems,
  selects,
  strictProblems,
  type Container,
  type Overlay,
} from './k8s-manifests';

const processes = deployProcesses();
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const operatingSection = README.slice(README.indexOf('## Operating it'));

const appImage = (container: Container) => imageName(container.image).name.split('/').at(-1)!;
const isApp = (container: Container) => /(^|\/)backoffice\/[^/]+$/.test(imageName(container.image).name);

describe.each(['base', ...OVERLAYS.map((o) => `overlays/${o}` as const)] as const)('deploy/k8s/%s', (path) => {
  const manifests = render(path);

  it('renders', () => {
    expect(manifests.length).toBeGreaterThan(20);
  });

  it('every manifest validates against the schema of its kind', () => {
    const problems = manifests.flatMap((m) => schemaProblems(m).map((p) => `${m.kind}/${m.metadata.name}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('no manifest has a field its kind does not define', () => {
    expect(strictProblems(manifests)).toEqual([]);
  });
});

describe('the manifest checks are live', () => {
  const deployment = () => structuredClone(find(render('overlays/production'), 'Deployment', 'identity')!);

  it('a wrong type fails the schema', () => {
    const broken = deployment();
    (containersOf(broken)[0] as unknown as Record<string, unknown>).ports = [{ containerPort: 'http' }];
    expect(schemaProblems(broken).join()).toMatch(/containerPort must be integer/);
  });

  it('a misspelt field fails the strict pass', () => {
    const broken = deployment();
    const container = containersOf(broken)[0] as unknown as Record<string, unknown>;
    container.livenesProbe = container.livenessProbe;
    expect(strictProblems([broken]).join()).toMatch(/livenesProbe/);
  });

  it('an operator resource with a wrong enum fails its CRD schema', () => {
    const kafka = structuredClone(find(render('overlays/production'), 'Kafka', 'backoffice-kafka')!) as Manifest & {
      spec: { kafka: { listeners: { type: string }[] } };
    };
    kafka.spec.kafka.listeners[0].type = 'internl';
    expect(schemaProblems(kafka).join()).toMatch(/listeners\/0\/type must be equal to one of the allowed values/);
  });
});

describe.each(OVERLAYS)('overlay %s', (overlay: Overlay) => {
  const manifests = render(`overlays/${overlay}`);
  const deployments = byKind(manifests, 'Deployment');
  const appDeployments = deployments.filter((d) => containersOf(d).some(isApp));

  it('puts everything in its namespace', () => {
    const namespace = byKind(manifests, 'Namespace');
    expect(namespace).toHaveLength(1);
    for (const manifest of manifests.filter((m) => m.kind !== 'Namespace')) {
      expect(`${manifest.kind}/${manifest.metadata.name} in ${manifest.metadata.namespace}`).toBe(
        `${manifest.kind}/${manifest.metadata.name} in ${namespace[0].metadata.name}`,
      );
    }
  });

  it('runs one Deployment per process, from the image build-images.mjs makes for it (backoffice/<process>), on its port', () => {
    expect(appDeployments.map((d) => d.metadata.name).sort()).toEqual(processes.map((p) => p.name).sort());
    for (const process of processes) {
      const [container] = containersOf(find(manifests, 'Deployment', process.name)!);
      expect({ process: process.name, image: appImage(container), port: container.ports?.[0] }).toEqual({
        process: process.name,
        image: process.name,
        port: { name: 'http', containerPort: process.port },
      });
    }
  });

  it('every Deployment has liveness and readiness probes and resource requests and limits', () => {
    for (const deployment of deployments) {
      for (const container of containersOf(deployment)) {
        const where = `${deployment.metadata.name}/${container.name}`;
        expect({ where, liveness: !!container.livenessProbe, readiness: !!container.readinessProbe }).toEqual({
          where,
          liveness: true,
          readiness: true,
        });
        expect({
          where,
          cpu: container.resources?.requests?.cpu,
          memory: container.resources?.requests?.memory,
          limit: container.resources?.limits?.memory,
        }).toEqual({
          where,
          cpu: expect.any(String),
          memory: expect.any(String),
          limit: expect.any(String),
        });
      }
    }
  });

  it('probes the services on /health/live (liveness, start-up) and /health/ready (readiness), the gateway on its ops port', () => {
    for (const deployment of appDeployments) {
      const [container] = containersOf(deployment);
      // The gateway's main port is public and answers health checks 404; they have a port of their own.
      const port = deployment.metadata?.name === 'gateway' ? 'ops' : 'http';
      expect(container.livenessProbe?.httpGet).toEqual({ path: '/health/live', port });
      expect(container.startupProbe?.httpGet).toEqual({ path: '/health/live', port });
      expect(container.readinessProbe?.httpGet).toEqual({ path: '/health/ready', port });
      if (port === 'ops') expect(container.ports).toContainEqual({ name: 'ops', containerPort: 9080 });
    }
  });

  it('runs the services as non-root with a read-only root filesystem', () => {
    for (const deployment of appDeployments) {
      const pod = (deployment.spec as { template: { spec: { securityContext: Record<string, unknown> } } }).template.spec;
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
      expect(containersOf(deployment)[0].securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    }
  });

  it('builds a variable only from variables defined before it (Kubernetes expands $(NAME) in that order only)', () => {
    // kustomize puts a patch's new list items first, so an order that matters has to be checked, not assumed.
    const problems: string[] = [];
    for (const deployment of deployments) {
      for (const container of containersOf(deployment)) {
        const defined = new Set(
          (container.envFrom ?? []).flatMap((from) =>
            from.configMapRef ? keysOf(find(manifests, 'ConfigMap', from.configMapRef.name)) : [],
          ),
        );
        for (const variable of container.env ?? []) {
          for (const [, name] of (variable.value ?? '').matchAll(/\$\(([A-Za-z0-9_]+)\)/g)) {
            if (!defined.has(name))
              problems.push(`${deployment.metadata.name}/${container.name}: ${variable.name} uses $(${name}) before it is defined`);
          }
          defined.add(variable.name);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives each process its workspace, port and database, as docker-compose.yml does, and leaves nothing of the shape unfilled', () => {
    for (const process of processes) {
      const [container] = containersOf(find(manifests, 'Deployment', process.name)!);
      const value = (name: string) => container.env?.find((variable) => variable.name === name)?.value;
      expect({ process: process.name, service: value('SERVICE_NAME'), port: value('PORT'), database: value('DATABASE_URL') }).toEqual({
        process: process.name,
        service: process.service,
        port: String(process.port),
        database: process.database
          ? `postgres://$(DATABASE_USER):$(DATABASE_PASSWORD)@$(DATABASE_HOST):5432/${process.database}`
          : undefined,
      });
    }
    // The component's placeholders (deploy/k8s/components/backoffice-process) are all replaced.
    expect(JSON.stringify(manifests).match(/"process"|[/_]process"|"component"/g)).toBeNull();
  });

  it('gives every Deployment a PodDisruptionBudget, and every Service pods to send to', () => {
    for (const deployment of deployments.filter((d) => appDeployments.includes(d))) {
      const budgets = byKind(manifests, 'PodDisruptionBudget').filter((p) =>
        selects((p.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels, podLabels(deployment)),
      );
      expect(budgets.map((b) => b.metadata.name)).toEqual([deployment.metadata.name]);
    }
    for (const service of byKind(manifests, 'Service')) {
      const spec = service.spec as { selector: Record<string, string>; ports: { targetPort: string }[] };
      const backends = deployments.filter((d) => selects(spec.selector, podLabels(d)));
      expect(backends).toHaveLength(1);
      const portNames = containersOf(backends[0]).flatMap((c) => (c.ports ?? []).map((p) => p.name));
      for (const port of spec.ports) expect(portNames).toContain(port.targetPort);
    }
  });

  it('scales the gateway and the leads worker with HorizontalPodAutoscalers (which own their replica counts)', () => {
    const autoscaled = byKind(manifests, 'HorizontalPodAutoscaler').map(
      (h) => (h.spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef,
    );
    expect(autoscaled).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'Deployment', name: 'gateway' }),
        expect.objectContaining({ kind: 'Deployment', name: 'crm-worker' }),
      ]),
    );
    for (const { name } of autoscaled) {
      expect(find(manifests, 'Deployment', name)).toBeDefined();
      expect((find(manifests, 'Deployment', name)!.spec as { replicas?: number }).replicas).toBeUndefined();
    }
  });

  it('exposes the gateway, and only the gateway, through the Ingress', () => {
    const ingresses = byKind(manifests, 'Ingress');
    expect(ingresses.map((i) => i.metadata.name)).toEqual(['gateway']);
    const backends = JSON.stringify(ingresses[0].spec).match(/"service":\{"name":"[^"]+"/g);
    expect(backends).toEqual(['"service":{"name":"gateway"']);
  });

  it('every ConfigMap, Secret and volume claim a pod refers to exists or is documented', () => {
    const operatorSecrets = byKind(manifests, 'Cluster').map((c) => ({ name: `${c.metadata.name}-app`, keys: ['username', 'password'] }));
    const problems: string[] = [];
    const secretKey = (name: string, key: string, where: string) => {
      const secret = find(manifests, 'Secret', name);
      if (secret) {
        if (!keysOf(secret).includes(key)) problems.push(`${where}: secret ${name} has no key ${key}`);
      } else if (operatorSecrets.some((s) => s.name === name && s.keys.includes(key))) {
        // created by the PostgreSQL operator
      } else if (overlay === 'development') {
        problems.push(`${where}: secret ${name} is not generated`);
      } else if (!(operatingSection.includes(name) && operatingSection.includes(`\`${key}\``))) {
        problems.push(`${where}: secret ${name} key ${key} is not in README "Operating it"`);
      }
    };
    for (const deployment of deployments) {
      const where = deployment.metadata.name;
      for (const container of containersOf(deployment)) {
        for (const from of container.envFrom ?? []) {
          if (from.configMapRef && !find(manifests, 'ConfigMap', from.configMapRef.name))
            problems.push(`${where}: no ConfigMap ${from.configMapRef.name}`);
          if (from.secretRef) problems.push(`${where}: envFrom a whole secret hides which keys it needs; use secretKeyRef`);
        }
        for (const variable of container.env ?? []) {
          const configMapKey = variable.valueFrom?.configMapKeyRef;
          if (configMapKey && !keysOf(find(manifests, 'ConfigMap', configMapKey.name)).includes(configMapKey.key)) {
            problems.push(`${where}: ConfigMap ${configMapKey.name} has no key ${configMapKey.key}`);
          }
          const secretRef = variable.valueFrom?.secretKeyRef;
          if (secretRef) secretKey(secretRef.name, secretRef.key, where);
        }
      }
      const volumes =
        (
          deployment.spec as {
            template: { spec: { volumes?: Record<string, { name?: string; claimName?: string; secretName?: string }>[] } };
          }
        ).template.spec.volumes ?? [];
      for (const volume of volumes) {
        if (volume.persistentVolumeClaim && !find(manifests, 'PersistentVolumeClaim', volume.persistentVolumeClaim.claimName!))
          problems.push(`${where}: no claim ${volume.persistentVolumeClaim.claimName}`);
        if (volume.configMap && !find(manifests, 'ConfigMap', volume.configMap.name!))
          problems.push(`${where}: no ConfigMap ${volume.configMap.name}`);
      }
    }
    for (const cluster of byKind(manifests, 'Cluster')) {
      const s3 = JSON.stringify(cluster.spec).match(/\{"name":"([^"]+)","key":"([^"]+)"\}/g) ?? [];
      for (const reference of s3) {
        const { name, key } = JSON.parse(reference) as { name: string; key: string };
        secretKey(name, key, `Cluster/${cluster.metadata.name}`);
      }
    }
    for (const ingress of byKind(manifests, 'Ingress')) {
      for (const tls of (ingress.spec as { tls?: { secretName: string }[] }).tls ?? []) {
        if (!operatingSection.includes(tls.secretName))
          problems.push(`Ingress: TLS secret ${tls.secretName} is not in README "Operating it"`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('overlay production', () => {
  const manifests = render('overlays/production');
  const config = find(manifests, 'ConfigMap', 'backoffice-infra-config')!.data as Record<string, string>;

  it('runs Kafka under Strimzi (KRaft node pools) and PostgreSQL under CloudNativePG, not as hand-written StatefulSets', () => {
    expect(byKind(manifests, 'StatefulSet')).toEqual([]);
    const images = byKind(manifests, 'Deployment').flatMap((d) => containersOf(d).map((c) => c.image));
    expect(images.filter((image) => /postgres|kafka|redis/.test(image))).toEqual([]);
    const [kafka] = byKind(manifests, 'Kafka');
    expect(kafka.metadata.annotations).toMatchObject({ 'strimzi.io/kraft': 'enabled', 'strimzi.io/node-pools': 'enabled' });
    const pools = byKind(manifests, 'KafkaNodePool');
    expect(pools.every((p) => p.metadata.labels?.['strimzi.io/cluster'] === kafka.metadata.name)).toBe(true);
    expect(pools.reduce((n, p) => n + (p.spec as { replicas: number }).replicas, 0)).toBeGreaterThanOrEqual(3);
    expect(config.KAFKA_BROKERS).toBe(`${kafka.metadata.name}-kafka-bootstrap:9092`);
    const [cluster] = byKind(manifests, 'Cluster');
    expect((cluster.spec as { instances: number }).instances).toBeGreaterThanOrEqual(2);
    expect(config.DATABASE_HOST).toBe(`${cluster.metadata.name}-rw`);
  });

  it('gives every service its database on the cluster, backed up every day', () => {
    const [cluster] = byKind(manifests, 'Cluster');
    const databases = byKind(manifests, 'Database').map((d) => d.spec as { name: string; cluster: { name: string }; owner: string });
    expect(databases.map((d) => d.name).sort()).toEqual(SERVICE_NAMES.map(databaseName).sort());
    expect(databases.every((d) => d.cluster.name === cluster.metadata.name)).toBe(true);
    const owner = (cluster.spec as { bootstrap: { initdb: { owner: string } } }).bootstrap.initdb.owner;
    expect(databases.every((d) => d.owner === owner)).toBe(true);
    expect((cluster.spec as { backup?: { barmanObjectStore?: unknown } }).backup?.barmanObjectStore).toBeDefined();
    const backups = byKind(manifests, 'ScheduledBackup').map((b) => b.spec as { cluster: { name: string } });
    expect(backups.map((b) => b.cluster.name)).toEqual([cluster.metadata.name]);
  });

  it('pins every application image to a registry and a version', () => {
    for (const deployment of byKind(manifests, 'Deployment')) {
      for (const container of containersOf(deployment))
        expect(container.image).toMatch(/^registry\.example\.com\/backoffice\/[a-z-]+:\d+\.\d+\.\d+$/);
    }
  });
});

describe('overlay development', () => {
  const manifests = render('overlays/development');

  it('runs the same PostgreSQL, Redis and Kafka images as docker-compose.yml, and creates every database', () => {
    const { compose } = loadCompose(exampleEnvWithSecrets());
    for (const name of ['postgres', 'redis', 'kafka']) {
      expect(containersOf(find(manifests, 'Deployment', name)!)[0].image).toBe(compose.services[name].image);
    }
    const script = (find(manifests, 'ConfigMap', 'postgres-init')!.data as Record<string, string>)['create-databases.sql'];
    expect([...script.matchAll(/CREATE DATABASE (\w+);/g)].map((m) => m[1])).toEqual(SERVICE_NAMES.map(databaseName));
  });

  it('runs one Kafka version everywhere: the one local runs and the tests use (deploy/local/kafka/pom.xml)', () => {
    const pom = readFileSync(join(ROOT, 'deploy/local/kafka/pom.xml'), 'utf8');
    const local = /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(pom)?.[1];
    expect(local).toMatch(/^\d+\.\d+\.\d+$/);
    const { compose } = loadCompose(exampleEnvWithSecrets());
    expect(compose.services.kafka.image).toBe(`apache/kafka:${local}`);
    expect(containersOf(find(manifests, 'Deployment', 'kafka')!)[0].image).toBe(`apache/kafka:${local}`);
    const [strimzi] = byKind(render('overlays/production'), 'Kafka');
    expect((strimzi.spec as { kafka: { version: string } }).kafka.version).toBe(local);
  });

  it('runs one replica of each service and seeds demo data', () => {
    for (const name of SERVICE_NAMES) expect((find(manifests, 'Deployment', name)!.spec as { replicas: number }).replicas).toBe(1);
    expect((find(manifests, 'ConfigMap', 'backoffice-config')!.data as Record<string, string>).SEED_DEMO_DATA).toBe('true');
  });
});
