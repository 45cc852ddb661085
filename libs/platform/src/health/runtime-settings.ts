import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings every process of the product runs with, set by its entry point before it starts work (for the leads
 * worker, before its import threads: a thread's heap takes them from the process).
 *
 * No allocation-site pretenuring. On Node 24, V8 now and then decides, after a scavenge that met many young objects
 * of one site still alive, that the site should allocate straight into the old generation; what it allocates there
 * mostly dies young all the same, and each old generation fills in a few blocks of work and is collected whole.
 * - The import thread (old space capped at CRM_IMPORT_THREAD_HEAP_MB) on the bench's 1,000,000-row sheet:
 *   235–705 full collections and 33–52 s before, 147–158 and 29–30 s after, run after run; exceljs's parse alone
 *   175–629 full collections and 19–33 s before, 34–40 and 16 s after.
 * - GET /api/countries at 50 connections, two alternating pairs: the service 11,719–11,932 → 12,554–13,236 requests
 *   a second, the gateway 7,556–8,070 → 8,337–8,888, its p99 14–15 → 11 ms.
 */
export const V8_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring'];

/** Applies V8_FLAGS to this process (a child process started with them on its command line needs no call). */
export function applyRuntimeSettings(): void {
  for (const flag of V8_FLAGS) setFlagsFromString(flag);
}
