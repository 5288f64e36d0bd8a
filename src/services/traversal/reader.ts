/** Runs traversal statements under a time limit, and has Neo4j plan the ones whose run is timed. */
import type { Neo4jError, Neo4jRecord } from '../../graph/driver';
import { memoryLimitHit, type Graph } from '../../graph/neo4j';
import { Deadline, attemptTimeoutMs } from './plan';
import type { TraversalLimits } from './request';

export const TIMED_OUT = Symbol('timed out');
export type TimedOut = typeof TIMED_OUT;

/** Whether Neo4j stopped the query for running past its time limit. */
function isTimeout(err: unknown): boolean {
  const code = (err as Neo4jError)?.code ?? '';
  return code.includes('TransactionTimedOut') || code.includes('Transaction.Terminated') || code.includes('TransactionTimedOutClientConfiguration');
}

/**
 * How long past its transaction timeout a traversal statement is waited for. Neo4j ends a
 * timed-out transaction at its next monitor check (2 s apart by default), but its shortest-path
 * search with a condition on whole paths does not look for that while it searches. The
 * request then goes on without it, as if it had timed out, and the statement is logged.
 */
export const ABANDON_AFTER_TIMEOUT_MS = 2000;

/** How many statement texts a reader remembers as planned (planBeforeTiming) or run before it starts over. */
const PLANNED_TEXTS_KEPT = 5000;

/** What the readers of one process share: the texts Neo4j has planned for them. */
interface SeenTexts {
  /** Texts of timed statements this process has had Neo4j plan (planBeforeTiming). */
  planned: Set<string>;
  /** Texts this process has run to an answer (Neo4j planned them then). */
  ran: Set<string>;
}

const remember = (texts: Set<string>, text: string) => {
  if (texts.size >= PLANNED_TEXTS_KEPT) texts.clear();
  texts.add(text);
};

export class StatementReader {
  /** The source check of a request's reader (checkingSource), once it has started. */
  private sourceChecked: Promise<void> | undefined;

  constructor(
    readonly graph: Graph,
    private readonly warn: (message: string, details: Record<string, unknown>) => void,
    private readonly seen: SeenTexts = { planned: new Set(), ran: new Set() },
    private readonly checkSource?: () => Promise<void>,
  ) {}

  /**
   * This reader for one request whose source nobody has read: `check` (which throws for an
   * unknown source) runs once, before the first statement whose text this process has not run.
   * An unknown id so never has Neo4j plan a text; on texts already run the search's own match
   * of the source answers, and the request saves the round trip of a read of its own.
   */
  checkingSource(check: () => Promise<void>): StatementReader {
    return new StatementReader(this.graph, this.warn, this.seen, check);
  }

  /** Runs a read statement under a Neo4j transaction timeout; TIMED_OUT when Neo4j stopped it for time or memory. */
  async readWithin(statement: string, params: Record<string, unknown>, timeoutMs: number): Promise<Neo4jRecord[] | TimedOut> {
    if (this.checkSource && !this.seen.ran.has(statement)) await (this.sourceChecked ??= this.checkSource());
    const read = this.graph.read(statement, params, timeoutMs).then((rows) => {
      remember(this.seen.ran, statement);
      return rows;
    });
    let timer: NodeJS.Timeout | undefined;
    const abandoned = new Promise<TimedOut>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs + ABANDON_AFTER_TIMEOUT_MS);
    });
    try {
      const outcome = await Promise.race([read, abandoned]);
      if (outcome === TIMED_OUT) {
        const started = Date.now();
        const ended = () => this.warn('an abandoned traversal statement ended', { ms: Date.now() - started + timeoutMs + ABANDON_AFTER_TIMEOUT_MS, source: params.id });
        read.then(ended, ended);
        this.warn('a traversal statement ran past its timeout; the request goes on without it', { timeoutMs, source: params.id });
      }
      return outcome;
    } catch (err) {
      // A memory limit is met like time: a risk-filtered search at depth 5 on a dense
      // neighbourhood can hold that many paths, and a shallower search may fit.
      if (isTimeout(err) || memoryLimitHit(err)) return TIMED_OUT;
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Has Neo4j plan a statement whose run is timed for nextRoundFits (a longer-paths length, a
   * depth of a deep risk-filtered search), the first time this process sees its text, so that
   * the round measures the search and not the planning (which on a cold plan cache can take
   * longer than the search). If the EXPLAIN fails or times out, the round's time includes the
   * planning.
   */
  async planBeforeTiming(statement: string, params: Record<string, unknown>, deadline: Deadline): Promise<void> {
    if (this.seen.planned.has(statement)) return;
    const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), false);
    if (timeoutMs === 0) return;
    try {
      if (await this.readWithin(`EXPLAIN ${statement}`, params, timeoutMs) !== TIMED_OUT) remember(this.seen.planned, statement);
    } catch {
      // The round goes on; its time then includes the planning.
    }
  }
}

/** What every search strategy draws on: the reader and the configured limits. */
export interface SearchContext {
  reader: StatementReader;
  limits: TraversalLimits;
}
