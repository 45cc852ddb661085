import type { Logger } from 'pino';

/**
 * On SIGTERM or SIGINT, once: runs `stop`, then exits 0, or 1 when it fails or takes longer than `graceMs` (the
 * orchestrator's kill comes after its own grace period; this one ends first and says so in the log).
 */
export function stopOnSignals(logger: Logger, graceMs: number, stop: () => Promise<unknown>): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        logger.warn('graceful shutdown took too long; exiting');
        process.exit(1);
      }, graceMs).unref();
      void stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'graceful shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
