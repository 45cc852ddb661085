import type { AuditActor } from '@backoffice/contracts';
import { currentLogContext, type LogContext } from '../logging/log-context';

/**
 * Who is acting in the work being handled: set by the access guard once the token is verified, read
 * when an audit record is written. Kept beside the log context (never in it: log lines do not carry names).
 */
const actors = new WeakMap<LogContext, AuditActor>();

export function setCurrentActor(actor: AuditActor): void {
  const context = currentLogContext();
  if (context) actors.set(context, actor);
}

/** The actor of the request being handled; undefined outside a signed-in request (events, jobs, public routes). */
export function currentActor(): AuditActor | undefined {
  const context = currentLogContext();
  return context ? actors.get(context) : undefined;
}
