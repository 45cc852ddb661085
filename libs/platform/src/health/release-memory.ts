import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
let collect: Collect | undefined;

/**
 * Hands the heap's free room back to the system: a full collection of the kind V8 runs before it gives up on memory,
 * which also shrinks the young generation to its least. V8 otherwise keeps the young generation as large as the
 * busiest moment made it (64 MB after start-up, whatever an import grew it to) for as long as the process lives.
 * For a process that is idle between long jobs (the leads worker), called when it falls idle; a few tens of
 * milliseconds on a small heap. Uses V8's `gc` hook, turned on here rather than by a command-line flag.
 */
export function releaseMemory(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
  }
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
