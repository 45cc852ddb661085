import { CLIENT_SERVICE_STATUSES, isStatusCorrection, type ClientServiceStatus } from '@backoffice/contracts';

/**
 * The status rules of a client service (the specification (kept outside the repository; docs/product.md) leaves the limits open; these are ours):
 * - Created → Verified → Filled → Completed move forward only; skipping steps is allowed.
 * - Cancelled may be reached from any status that is not final.
 * - Completed and Cancelled are final.
 * - A transaction with the current status records a note only.
 * - Admin and Manager may also correct a mistake: set any status, backwards or out of a final one, with a reason.
 *   A ServiceProvider keeps the forward-only moves.
 */
export const FINAL_STATUSES: readonly ClientServiceStatus[] = ['Completed', 'Cancelled'];

export type StatusDecision =
  | { kind: 'change'; from: ClientServiceStatus; to: ClientServiceStatus; message: string }
  | { kind: 'note'; from: ClientServiceStatus; to: ClientServiceStatus; message: string }
  | { kind: 'correction'; from: ClientServiceStatus; to: ClientServiceStatus; message: string }
  | { kind: 'refused'; from: ClientServiceStatus; to: ClientServiceStatus; message: string };

export const isFinalStatus = (status: ClientServiceStatus): boolean => FINAL_STATUSES.includes(status);

/**
 * What a transaction with status `to` does to a client service in status `from`; `mayCorrect` (Admin and Manager)
 * turns a move the forward rules refuse into a correction.
 */
export function decideStatusTransition(
  from: ClientServiceStatus,
  to: ClientServiceStatus,
  { mayCorrect = false }: { mayCorrect?: boolean } = {},
): StatusDecision {
  const ordinary = ordinaryTransition(from, to);
  if (ordinary.kind === 'refused' && mayCorrect) {
    return { kind: 'correction', from, to, message: `Status corrected from ${from} to ${to}.` };
  }
  return ordinary;
}

/** The sentence asked of a correction without a reason. */
export const correctionReasonMessage = (from: ClientServiceStatus, to: ClientServiceStatus) =>
  `Moving from ${from} to ${to} corrects the status: write the reason in the note.`;

function ordinaryTransition(from: ClientServiceStatus, to: ClientServiceStatus): StatusDecision {
  if (from === to) {
    return isFinalStatus(from)
      ? { kind: 'note', from, to, message: `Note added; the client service stays ${from}.` }
      : { kind: 'note', from, to, message: `Note added; the status stays ${from}.` };
  }
  if (isFinalStatus(from)) {
    return { kind: 'refused', from, to, message: `The status cannot change from ${from} to ${to}: ${from} is final.` };
  }
  if (!isStatusCorrection(from, to)) return { kind: 'change', from, to, message: `Status changed from ${from} to ${to}.` };
  return {
    kind: 'refused',
    from,
    to,
    message: `The status cannot change from ${from} to ${to}: a client service only moves forward (Created, Verified, Filled, Completed).`,
  };
}

/** The statuses a transaction may set from `from` (the current one included, for a note). */
export function allowedStatuses(from: ClientServiceStatus, options: { mayCorrect?: boolean } = {}): ClientServiceStatus[] {
  return CLIENT_SERVICE_STATUSES.filter((to) => decideStatusTransition(from, to, options).kind !== 'refused');
}
