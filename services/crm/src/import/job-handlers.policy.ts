/**
 * Start-up check of a queue's workers: every job name has exactly one handler, and every handler
 * handles a known job. Answers the problems (empty when all is well).
 */
export function jobHandlerProblems(jobNames: readonly string[], handlerNames: readonly string[]): string[] {
  const problems: string[] = [];
  for (const name of jobNames) {
    const count = handlerNames.filter((handler) => handler === name).length;
    if (count === 0) problems.push(`job "${name}" has no handler`);
    if (count > 1) problems.push(`job "${name}" has ${count} handlers`);
  }
  for (const name of new Set(handlerNames)) if (!jobNames.includes(name)) problems.push(`handler of unknown job "${name}"`);
  return problems;
}
