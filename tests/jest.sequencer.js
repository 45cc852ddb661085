// Runs the slowest test files first, so they overlap the many short ones on the other worker instead of
// trailing alone at the end (a fresh checkout has no timing cache to order by); the rest keep jest's order.
const Sequencer = require('@jest/test-sequencer').default;

const FIRST = ['tests/deploy/production-shape.test.ts'];

class SlowFirst extends Sequencer {
  async sort(tests) {
    const rank = (test) => {
      const index = FIRST.findIndex((path) => test.path.endsWith(path));
      return index === -1 ? FIRST.length : index;
    };
    return [...(await super.sort(tests))].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = SlowFirst;
