/**
 * The two runs of the suite: `npm test` (the fast set) and `npm run test:all` (FULL=1: every
 * suite, every case). jest.config.js names the suites only the full run takes; a suite of the
 * fast set marks a long case of its own with `testFull`.
 */
const FULL = process.env.FULL === '1';

/**
 * A long case (a fault injected into a running process, a scale run, a second browser run)
 * that only the full run takes; `npm test` reports it as skipped. Each use says in a comment
 * why it is long.
 */
export const testFull: jest.It = FULL ? test : test.skip;
