/**
 * Neo4j adapter: driver lifecycle and a small query runner. Reads run in READ-mode sessions
 * (routable to cluster followers), writes through executeWrite; every value is a parameter.
 * Within a request's causal context (./bookmarks.ts) sessions pass the client's bookmarks.
 */
import neo4j, { Driver, ManagedTransaction, Record as Neo4jRecord, Session } from 'neo4j-driver';
import type { Config } from '../config';
import { causalContext } from './bookmarks';
import { statementStarted } from './statements';

export type Params = Record<string, unknown>;

/** Tries of one auto-commit read before a retryable error (e.g. a leader switch) is passed on. */
const READ_ATTEMPTS = 3;

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
  async readTx<T>(work: (tx: ManagedTransaction) => Promise<T>, timeoutMs = this.timeoutMs): Promise<T> {
    const session = this.session('READ');
    try {
      return await session.executeRead((tx) => work(observed(tx)), { timeout: timeoutMs });
    } finally {
      await session.close();
    }
  }

  /** Several statements in one write transaction (retried whole on a transient error, so `work` must be idempotent). */
  async writeTx<T>(work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    const session = this.session('WRITE');
    try {
      const result = await session.executeWrite((tx) => work(observed(tx)));
      await this.written(session);
      return result;
    } finally {
      await session.close();
    }
  }

  async write(query: string, params: Params = {}): Promise<Neo4jRecord[]> {
    const session = this.session('WRITE');
    try {
      const records = await session.executeWrite(async (tx) => (await observed(tx).run(query, params)).records);
      await this.written(session);
      return records;
    } finally {
      await session.close();
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
