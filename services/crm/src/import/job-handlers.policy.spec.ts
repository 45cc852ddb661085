import { LEAD_JOB_NAMES } from '../extraction/leads-queue';
import { jobHandlerProblems } from './job-handlers.policy';

describe('job handlers start-up check', () => {
  it('passes when every job has exactly one handler', () => {
    expect(jobHandlerProblems(LEAD_JOB_NAMES, ['index-lead-group', 'import-leads'])).toEqual([]);
  });

  it('names missing, doubled and unknown handlers', () => {
    expect(jobHandlerProblems(['a', 'b'], ['a', 'a', 'c'])).toEqual([
      'job "a" has 2 handlers',
      'job "b" has no handler',
      'handler of unknown job "c"',
    ]);
  });
});
