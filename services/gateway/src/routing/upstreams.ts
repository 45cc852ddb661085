import { SERVICE_NAMES, type ServiceName } from '@backoffice/contracts';
import type { Logger } from 'pino';

/** One replica of a service as the gateway sees it. */
interface Replica {
  url: string;
  /** Answered 200 to its last readiness probe (or never probed: a single replica is always tried). */
  ready: boolean;
  /** Not picked before this time: it refused a connection, and the next probe decides. */
  downUntil: number;
  /** Said it is shutting down (an answer with `Connection: close`) since its last ready probe. */
  shuttingDown: boolean;
}

/** How long a replica that refused a connection stays out of the rotation unless a probe finds it ready sooner. */
const DOWN_AFTER_REFUSAL_MS = 1000;

/**
 * The replicas of each service and which of them to send the next request to.
 *
 * A service's URL variable (e.g. `ORDERS_URL`) may list several replicas separated by commas, for runs without a
 * load balancer in front of the services (a local stack scaled out, compose without an ingress). Requests go round
 * robin over the replicas that answered their last readiness probe (`/health/ready`, every `probeIntervalMs`), so a
 * replica that starts draining on SIGTERM (it answers readiness 503 first, see the platform's ShutdownGate) stops
 * getting requests before it stops listening, and comes back once it is ready again. A replica that refuses a
 * connection is left out until a probe finds it ready. When no replica is ready, every one is tried: the gateway
 * never refuses a request on the strength of a probe alone.
 *
 * With one URL per service (Kubernetes, where the Service object balances), nothing is probed and the one URL
 * always answers.
 */
export class Upstreams {
  private readonly replicas = new Map<ServiceName, Replica[]>();
  private readonly next = new Map<ServiceName, number>();
  private timer?: NodeJS.Timeout;

  constructor(
    urls: (service: ServiceName) => string,
    private readonly logger: Logger,
    private readonly probeIntervalMs = 200,
  ) {
    for (const service of SERVICE_NAMES) {
      const list = urls(service).split(','); // normalised by the config's serviceUrlsSchema
      this.replicas.set(
        service,
        list.map((url) => ({ url, ready: true, downUntil: 0, shuttingDown: false })),
      );
      this.next.set(service, 0);
    }
  }

  /** How many replicas `service` has. */
  count(service: ServiceName): number {
    return this.replicas.get(service)!.length;
  }

  /** The replica for the next request to `service`, other than those in `tried`; undefined once all were tried. */
  pick(service: ServiceName, tried: ReadonlySet<string> = new Set()): string | undefined {
    const replicas = this.replicas.get(service)!;
    if (replicas.length === 1) return tried.has(replicas[0].url) ? undefined : replicas[0].url;
    const now = Date.now();
    const untried = replicas.filter((replica) => !tried.has(replica.url));
    // The ready ones; else those merely unproven (a probe timed out, say while a replica starts) before one that said
    // it is shutting down; else any: a probe alone never refuses a request.
    const usable = untried.filter((replica) => replica.ready && replica.downUntil <= now);
    const unproven = untried.filter((replica) => !replica.shuttingDown && replica.downUntil <= now);
    const pool = usable.length ? usable : unproven.length ? unproven : untried;
    if (!pool.length) return undefined;
    const turn = this.next.get(service)!;
    this.next.set(service, (turn + 1) % 1_000_000);
    return pool[turn % pool.length].url;
  }

  /** `url` refused a connection: out of the rotation until a probe finds it ready. */
  refused(service: ServiceName, url: string): void {
    const replica = this.replicas.get(service)!.find((candidate) => candidate.url === url);
    if (replica && this.replicas.get(service)!.length > 1) replica.downUntil = Date.now() + DOWN_AFTER_REFUSAL_MS;
  }

  /**
   * `url` answered with `Connection: close`, as a replica does once it is shutting down: out of the rotation at once
   * rather than at the next probe, which puts it back if it is in fact ready.
   */
  closing(service: ServiceName, url: string): void {
    const replicas = this.replicas.get(service)!;
    if (replicas.length > 1) {
      const replica = replicas.find((candidate) => candidate.url === url);
      if (replica) {
        replica.ready = false;
        replica.shuttingDown = true;
      }
    }
  }

  /** Starts probing the replicas of every service that has more than one. */
  start(): void {
    const probed = [...this.replicas].filter(([, replicas]) => replicas.length > 1);
    if (!probed.length) return;
    const probe = async (service: ServiceName, replica: Replica) => {
      const ready = await fetch(`${replica.url}/health/ready`, { signal: AbortSignal.timeout(Math.max(this.probeIntervalMs * 4, 500)) })
        .then(async (response) => {
          await response.body?.cancel();
          return response.ok;
        })
        .catch(() => false);
      if (ready !== replica.ready) this.logger.info({ upstream: service, replica: replica.url, ready }, 'replica readiness changed');
      replica.ready = ready;
      if (ready) {
        replica.downUntil = 0;
        replica.shuttingDown = false;
      }
    };
    let running = false;
    this.timer = setInterval(() => {
      if (running) return;
      running = true;
      void Promise.all(probed.flatMap(([service, replicas]) => replicas.map((replica) => probe(service, replica)))).finally(
        () => (running = false),
      );
    }, this.probeIntervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
