/**
 * Write-behind for the per-request Redis feeds (usage counters, history events): the commands
 * of the calls within `delayMs` go out as one pipeline, one socket write, rather than two
 * Redis round trips per call, since a socket write is one of the dearest things a request does.
 *
 * The price: an event reaches Redis up to `delayMs` after its call answered. Reads of the feeds
 * in this process flush first, so a client reading its own history or usage through this
 * API instance always sees its earlier calls; another instance may see them `delayMs` later.
 * `close()` flushes what is pending (graceful shutdown); a crash loses at most `delayMs` of
 * events. `delayMs` 0 writes every enqueued command at once (one pipeline per call).
 */
import type { RedisClient } from './redis';
import type { ChainableCommander } from 'ioredis';

interface Pending {
  /** Adds this item's commands to the pipeline; returns how many it added. */
  add: (pipeline: ChainableCommander) => number;
  resolve: (results: unknown[]) => void;
  reject: (err: Error) => void;
}

export class WriteBehind {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    private readonly redis: RedisClient,
    private readonly delayMs: number,
    /** A batch this large is written without waiting for the delay. */
    private readonly maxItems = 500,
  ) {}

  /** Queues commands; resolves to their replies once written (rejects with the first error). */
  enqueue(add: (pipeline: ChainableCommander) => number): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      this.pending.push({ add, resolve, reject });
      if (this.delayMs === 0 || this.pending.length >= this.maxItems) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
    });
  }

  /** Writes what is pending now; resolves when it and every earlier batch are written. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) this.inFlight = this.inFlight.then(() => this.write(batch));
    return this.inFlight;
  }

  private async write(batch: Pending[]): Promise<void> {
    // On a cluster one pipeline may only touch one node: each item's commands (one slot, see
    // the feeds' key names) go as a pipeline of their own, all at once.
    if (this.redis.isCluster) return void (await Promise.all(batch.map((item) => this.writeTogether([item]))));
    await this.writeTogether(batch);
  }

  private async writeTogether(batch: Pending[]): Promise<void> {
    const pipeline = this.redis.pipeline();
    const counts = batch.map((item) => item.add(pipeline));
    let replies: [Error | null, unknown][];
    try {
      replies = (await pipeline.exec()) ?? [];
    } catch (err) {
      for (const item of batch) item.reject(err as Error);
      return;
    }
    let at = 0;
    batch.forEach((item, i) => {
      const mine = replies.slice(at, at + counts[i]);
      at += counts[i];
      const failed = mine.find(([err]) => err);
      if (failed) item.reject(failed[0]!);
      else item.resolve(mine.map(([, value]) => value));
    });
  }

  close(): Promise<void> {
    return this.flush();
  }
}
