/**
 * Neo4j adapter: driver lifecycle and a small query runner. Reads run in READ-mode sessions
 * (routable to cluster followers), writes through executeWrite; every value is a parameter.
 * Within a request's causal context (./bookmarks.ts) sessions pass the client's bookmarks.
 */
import neo4j, { Driver, ManagedTransaction, Record as Neo4jRecord, Session } from 'neo4j-driver';
import type { Config } from '../config';
import { causalContext } from './bookmarks';
import { currentDeadline } from '../timeout';
import { statementStarted } from './statements';

export type Params = Record<string, unknown>;

/** Tries of one auto-commit read before a retryable error (e.g. a leader switch) is passed on. */
const READ_ATTEMPTS = 3;

/** How long a transaction outside a request (ingest, workers) is retried: the driver's own default. */
const RETRY_BUDGET_MS = 30_000;
/** The first wait between tries of a transaction; it doubles up to MAX_BACKOFF_MS, with 20 % jitter. */
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 5_000;

/** A request's deadline passed before its transaction could begin: answered like an unavailable backend (503, Retry-After). */
export function deadlinePassed(): Error {
  return Object.assign(new Error('the graph database did not answer within the request\'s deadline'), { code: 'ServiceUnavailable', deadline: true });
}

const codeOf = (err: unknown): string => String((err as { code?: unknown })?.code ?? '');

/**
 * Neo4j stopped the statement at a transaction memory limit: 'pool' when all transactions
 * together would pass `dbms.memory.transaction.total.max` (another moment may have room),
 * 'transaction' when this one would pass its own `db.memory.transaction.max` (it always will).
 */
export function memoryLimitHit(err: unknown): 'pool' | 'transaction' | undefined {
  const code = codeOf(err);
  if (code.includes('MemoryPoolOutOfMemoryError')) return 'pool';
  return /OutOfMemory|MemoryLimit/.test(code) ? 'transaction' : undefined;
}

/**
 * Retryable to the driver, but not a statement Neo4j stopped for time or memory: that one
 * would only be stopped again, after holding the shared memory pool once more.
 */
export function retryable(err: unknown): boolean {
  return neo4j.isRetryableError(err as Error) && !/Terminated|TimedOut/.test(codeOf(err)) && !memoryLimitHit(err);
}

/**
 * The transaction with its `run` reported to the statement observers. The result's records are
 * awaited for the report: the adapter's callers always await them whole (none streams), and a
 * Result shares that one promise between every `then`.
 */
function observed(tx: ManagedTransaction): ManagedTransaction {
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop !== 'run') return Reflect.get(target, prop, receiver);
      return (query: string, params?: Params) => {
        const ended = statementStarted(query);
        const result = target.run(query, params);
        result.then(() => ended(), (err: unknown) => ended(err));
        return result;
      };
    },
  });
}

export class Graph {
  readonly driver: Driver;
  private readonly database: string | undefined;
  private readonly timeoutMs: number;

  constructor(config: Config) {
    this.driver = neo4j.driver(config.neo4j.uri, neo4j.auth.basic(config.neo4j.user, config.neo4j.password), {
      disableLosslessIntegers: true,
      maxConnectionPoolSize: 100,
      connectionAcquisitionTimeout: 30_000,
      // Transactions are retried by managed() below, which stops at a request's deadline; the
      // driver's own retries (30 s by default, on top of a 30 s connection acquisition) did not.
      maxTransactionRetryTime: 0,
      // A Neo4j host that drops packets is given up after 5 s (the driver's default is 30 s), so
      // a call answers 503 soon instead of holding its client.
      connectionTimeout: 5_000,
    });
    this.database = config.neo4j.database;
    this.timeoutMs = config.queryTimeoutMs;
  }

  /** A session in `mode`; within a request's causal context it starts after that client's last writes. */
  session(mode: 'READ' | 'WRITE' = 'READ'): Session {
    const bookmarks = causalContext()?.bookmarks;
    return this.driver.session({
      database: this.database,
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
      ...(bookmarks?.length ? { bookmarks } : {}),
    });
  }

  /** Hands a committed write session's bookmarks to the request's causal context, if any. */
  private async written(session: Session): Promise<void> {
    const context = causalContext();
    if (context) await context.written(session.lastBookmarks());
  }

  /**
   * One read statement as an auto-commit transaction: one message exchange with Neo4j, where a
   * managed transaction (executeRead) needs three (BEGIN, RUN, COMMIT), and on a small machine
   * each exchange costs more than a simple read. A single statement sees one consistent state
   * either way. Like executeRead, it retries what Neo4j calls retryable (a few times, briefly).
   */
  async read(query: string, params: Params = {}, timeoutMs = this.timeoutMs): Promise<Neo4jRecord[]> {
    for (let attempt = 1; ; attempt++) {
      const session = this.session('READ');
      const ended = statementStarted(query);
      try {
        const records = (await session.run(query, params, { timeout: timeoutMs })).records;
        ended();
        return records;
      } catch (err) {
        ended(err);
        if (attempt >= READ_ATTEMPTS || !retryable(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      } finally {
        await session.close();
      }
    }
  }

  /** Several reads in one transaction (one consistent view, one round of connection work); `timeoutMs` for a worker's longer reads. */
  readTx<T>(work: (tx: ManagedTransaction) => Promise<T>, timeoutMs = this.timeoutMs): Promise<T> {
    return this.managed('READ', work, timeoutMs);
  }

  /** Several statements in one write transaction (retried whole on a transient error, so `work` must be idempotent). */
  writeTx<T>(work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.managed('WRITE', work);
  }

  write(query: string, params: Params = {}): Promise<Neo4jRecord[]> {
    return this.managed('WRITE', async (tx) => (await tx.run(query, params)).records);
  }

  /**
   * One managed transaction, tried again on a retryable error (a leader switch, Neo4j away) with
   * growing waits. Within a request that has a deadline (src/timeout.ts) nothing outlasts it: no
   * try begins after it, a try still waiting for a connection then is given up (and would not
   * run `work` if it got one later), and Neo4j ends a statement at it (the transaction timeout),
   * so a call answered 503 has written nothing afterwards. Elsewhere tries go on for 30 s.
   */
  private async managed<T>(mode: 'READ' | 'WRITE', work: (tx: ManagedTransaction) => Promise<T>, timeoutMs?: number): Promise<T> {
    const requestDeadline = currentDeadline();
    const giveUpAt = requestDeadline ?? Date.now() + RETRY_BUDGET_MS;
    for (let attempt = 1; ; attempt++) {
      const left = giveUpAt - Date.now();
      if (requestDeadline !== undefined && left <= 0) throw deadlinePassed();
      const timeout = requestDeadline === undefined ? timeoutMs : Math.max(1, Math.min(timeoutMs ?? left, left));
      let begun = false;
      const run = (tx: ManagedTransaction) => {
        if (requestDeadline !== undefined && Date.now() >= requestDeadline) throw deadlinePassed();
        begun = true;
        return work(observed(tx));
      };
      const session = this.session(mode);
      const config = timeout === undefined ? undefined : { timeout };
      const tried = mode === 'READ' ? session.executeRead(run, config) : session.executeWrite(run, config);
      try {
        const result = requestDeadline === undefined ? await tried : await beforeDeadline(tried, requestDeadline, () => begun);
        if (mode === 'WRITE') await this.written(session);
        return result;
      } catch (err) {
        const wait = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempt - 1)) * (0.8 + Math.random() * 0.4);
        if (!retryable(err) || Date.now() + wait >= giveUpAt) throw err;
        await new Promise((resolve) => setTimeout(resolve, wait));
      } finally {
        // A try given up at the deadline may still hold the session; it closes when that try ends.
        tried.finally(() => session.close()).catch(() => undefined);
      }
    }
  }

  async ping(): Promise<boolean> {
    try {
      await this.read('RETURN 1 AS ok');
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Detach-deletes the nodes that `match` binds as n (default: every node), 2000 per
   * transaction, so a large graph never has to fit in one transaction's memory. For tests,
   * benches and tools; `match` is a fixed statement fragment, never request input.
   */
  async deleteNodes(match = 'MATCH (n)'): Promise<void> {
    const session = this.session('WRITE');
    try {
      await session.run(`${match} CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 2000 ROWS`);
    } finally {
      await session.close();
    }
  }

  async close(): Promise<void> {
    await this.driver.close();
  }
}

/**
 * `tried`, or deadlinePassed() at `deadline` when its transaction has not begun by then (it
 * waits for a connection). A begun one is awaited: Neo4j ends it at its timeout, and answering
 * before its commit is known would leave the caller unsure whether it wrote.
 */
function beforeDeadline<T>(tried: Promise<T>, deadline: number, begun: () => boolean): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      if (!begun()) reject(deadlinePassed());
    }, Math.max(0, deadline - Date.now()));
    tried.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
