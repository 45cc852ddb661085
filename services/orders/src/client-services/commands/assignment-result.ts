import type { CommandResult } from '@backoffice/contracts';

export const ASSIGN_TITLE = 'Assign';

/** What an assignment command answers: the aggregate's outcome under the Assign title. */
export const assignmentResult = (outcome: { success: boolean; message: string }, clientServiceId: string): CommandResult => ({
  ...outcome,
  title: ASSIGN_TITLE,
  clientServiceId,
});
