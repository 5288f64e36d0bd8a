/**
 * Read-your-writes across API instances on a Neo4j cluster. A request may run inside a causal
 * context: its sessions start after `bookmarks` (the last writes of the same client, on any
 * instance), and each write transaction it commits hands its bookmarks to `written`, which the
 * write awaits, so they are kept before the call answers. Outside a context nothing changes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface CausalContext {
  /** Bookmarks the request's sessions wait for (empty: none). */
  bookmarks: string[];
  /** Called with a committed write's bookmarks; the write awaits it. */
  written(bookmarks: string[]): Promise<void>;
}

const contexts = new AsyncLocalStorage<CausalContext>();

/** The causal context the current request runs in, if any. */
export const causalContext = (): CausalContext | undefined => contexts.getStore();

/** Runs `work` (and everything it calls, however asynchronous) in `context`. */
export function withCausalContext<T>(context: CausalContext, work: () => T): T {
  return contexts.run(context, work);
}
