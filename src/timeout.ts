import { AsyncLocalStorage } from 'node:async_hooks';

/** `work`, or a rejection naming `what` once `ms` have passed without an answer (the work itself goes on). */
export function withTimeout<T>(work: Promise<T>, ms: number, what = 'the call'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The moment (epoch ms) by which the work of the current request must be over: set around a
 * write request's handler (src/http/registry.ts), read by the Neo4j adapter so that its retries
 * and transaction timeouts stop there. Outside a request (ingest, workers) there is none.
 */
const deadlines = new AsyncLocalStorage<number>();

export function withDeadline<T>(at: number, work: () => Promise<T>): Promise<T> {
  return deadlines.run(at, work);
}

export function currentDeadline(): number | undefined {
  return deadlines.getStore();
}
