// The commit a run measured, for the RESULTS files: its id and subject, and whether the working tree differed.
import { execFileSync } from 'node:child_process';

const git = (root, args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/**
 * `abc1234` (or `abc1234 plus uncommitted changes to N files`), for a RESULTS file's header. The RESULTS files
 * themselves, rewritten by the run, do not count as changes.
 */
export function measuredCommit(root) {
  try {
    const id = git(root, ['rev-parse', '--short=12', 'HEAD']);
    const changed = git(root, ['status', '--porcelain'])
      .split('\n')
      .filter((line) => line.trim() && !/(RESULTS\.md|load-results\.json)$/.test(line));
    return changed.length ? `${id} plus uncommitted changes to ${changed.length} file${changed.length === 1 ? '' : 's'}` : id;
  } catch {
    return 'unknown (not a git checkout)';
  }
}
