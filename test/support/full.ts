/**
 * The two runs of the suite: `npm test` (the fast set) and `npm run test:all` (FULL=1: every
 * suite, every case). jest.config.js names the suites only the full run takes; a suite of the
 * fast set marks a long case of its own with `testFull`.
 */
import { SEARCH_BACKENDS, type SearchBackend } from './harness';

const FULL = process.env.FULL === '1';

/**
 * A long case (a fault injected into a running process, a scale run, a second browser run)
 * that only the full run takes; `npm test` reports it as skipped. Each use says in a comment
 * why it is long.
 */
export const testFull: jest.It = FULL ? test : test.skip;

/**
 * A suite once per search backend (`backends`, both by default), its Meilisearch pass only in the
 * full run (`npm test` reports it skipped): for a suite whose pass is long (a worker's uploads, a
 * browser walk-through), since the search, resolve and searchContract suites of `npm test` run
 * Meilisearch already.
 */
export function describeOnSearchBackends(title: string, suite: (backend: SearchBackend) => void, backends: SearchBackend[] = SEARCH_BACKENDS): void {
  for (const backend of backends) {
    (backend === 'meilisearch' && !FULL ? describe.skip : describe)(`${title} on the ${backend} search backend`, () => suite(backend));
  }
}
