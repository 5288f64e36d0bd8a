/**
 * Records the access mode of every Neo4j session and transaction a Graph opens, and of every
 * statement run in them, with whether the statement changed anything (the summary's counters).
 * The real driver against the real Neo4j, wrapped: nothing is stubbed. A Neo4j cluster routes
 * READ work to secondaries and WRITE work to the leader, so a write in a READ transaction
 * fails there and a read in a WRITE one loads the leader.
 */
import type { Graph } from '../../src/graph/neo4j';

type Mode = 'READ' | 'WRITE';

export interface RecordedStatement { mode: Mode; text: string; updates: boolean }

export interface AccessModes {
  /** Sessions opened, by default access mode, in order. */
  sessions: Mode[];
  /** The bookmarks each of those sessions was opened with (empty: none). */
  sessionBookmarks: string[][];
  /** Transactions opened (managed, explicit or auto-commit), by access mode. */
  transactions: Mode[];
  statements: RecordedStatement[];
  /** Forgets what was recorded so far (after the statements of one call have ended). */
  reset(): void;
  /** Resolves when every statement started so far has reported its summary. */
  settled(): Promise<void>;
}

interface Runner { run: (...args: any[]) => any }

export function recordAccessModes(graph: Graph): AccessModes {
  const record: AccessModes = {
    sessions: [], sessionBookmarks: [], transactions: [], statements: [],
    reset: () => { record.sessions = []; record.sessionBookmarks = []; record.transactions = []; record.statements = []; pending = []; },
    settled: async () => { await Promise.allSettled(pending); },
  };
  let pending: Promise<unknown>[] = [];
  const watch = <T extends Runner>(runner: T, mode: Mode): T => {
    const run = runner.run.bind(runner);
    runner.run = (text: string, ...rest: unknown[]) => {
      const result = run(text, ...rest);
      pending.push(result.then(
        (r: { summary: { counters: { containsUpdates(): boolean; containsSystemUpdates(): boolean } } }) => {
          record.statements.push({ mode, text, updates: r.summary.counters.containsUpdates() || r.summary.counters.containsSystemUpdates() });
        },
        () => undefined,
      ));
      return result;
    };
    return runner;
  };
  const driver = graph.driver as unknown as { session: (config?: { defaultAccessMode?: Mode; bookmarks?: string[] }) => any };
  const open = driver.session.bind(driver);
  driver.session = (config) => {
    const session = open(config);
    const mode: Mode = config?.defaultAccessMode === 'WRITE' ? 'WRITE' : 'READ';
    record.sessions.push(mode);
    record.sessionBookmarks.push([...(config?.bookmarks ?? [])]);
    const autoCommit = session.run.bind(session);
    session.run = (...args: unknown[]) => {
      record.transactions.push(mode);
      return watch({ run: autoCommit }, mode).run(...args);
    };
    for (const [method, txMode] of [['executeRead', 'READ'], ['executeWrite', 'WRITE']] as const) {
      const execute = session[method].bind(session);
      session[method] = (work: (tx: Runner) => unknown, txConfig?: unknown) => {
        record.transactions.push(txMode);
        return execute((tx: Runner) => work(watch(tx, txMode)), txConfig);
      };
    }
    const begin = session.beginTransaction.bind(session);
    session.beginTransaction = (...args: unknown[]) => {
      record.transactions.push(mode);
      return watch(begin(...args), mode);
    };
    return session;
  };
  return record;
}
