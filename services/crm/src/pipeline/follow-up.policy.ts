/** The furthest west a time zone lies (UTC−12): its day is the earliest "today" anywhere on Earth. */
const WESTMOST_OFFSET_MS = 12 * 3_600_000;

/**
 * Whether a follow-up day (YYYY-MM-DD) lies in the past for every user, wherever they are: before the day it is now
 * at UTC−12. The server does not know the user's zone, so a day that is still today somewhere is accepted.
 */
export function isFollowUpInPast(day: string, now: Date): boolean {
  const earliestToday = new Date(now.getTime() - WESTMOST_OFFSET_MS).toISOString().slice(0, 10);
  return day < earliestToday;
}
