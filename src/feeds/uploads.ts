/**
 * Resolution uploads in Redis: per upload a hash of its state and counts, the list of its rows
 * and the list of its row results (one JSON line per processed row, in row order), and per
 * project a sorted set of its uploads, newest first; failed rows are also listed on their own. A processed chunk (its results, counts and
 * the `done` cursor) is written by one script, only while the cursor is where the chunk began,
 * so a worker killed mid-upload resumes at the first row whose result was not written, and a
 * chunk recorded twice (a job taken over while its worker still ran) counts once.
 */
import type { Principal } from '../domain/principal';
import { luaScript } from './luaScripts';
import { slotTag, type RedisClient } from './redis';

export type UploadStatus = 'queued' | 'running' | 'finished';

export interface UploadState {
  id: string; project_id: string; file: string; uploaded: string; count: number; status: UploadStatus;
  done: number; matched: number; unmatched: number; failed: number; created: number; existing: number;
  started_at?: string; finished_at?: string; user: string; org: string; client_id: string;
}

/** What one processed row gives: its project entity and best match, or why it failed. */
export interface RowResult {
  row: number; input: Record<string, unknown>; tags: string[];
  project_entity_id?: string; created?: boolean;
  match?: { id: string; label: string; score: number | null; strength: string; risk_factors: string[]; explanation: unknown };
  error?: string;
}

const NUMBERS = ['count', 'done', 'matched', 'unmatched', 'failed', 'created', 'existing'] as const;
const ROWS_PER_PUSH = 1000;

/** recordChunk's script (KEYS and ARGV: redis/upload-record-chunk.lua). */
const RECORD_CHUNK = luaScript('upload-record-chunk');

// An upload's keys share its hash tag on a cluster (one script and MULTI touch them together).
const key = (r: RedisClient, id: string) => `upload:${slotTag(r, id)}`;
const rowsKey = (r: RedisClient, id: string) => `${key(r, id)}:rows`;
const resultsKey = (r: RedisClient, id: string) => `${key(r, id)}:results`;
const failuresKey = (r: RedisClient, id: string) => `${key(r, id)}:failures`;
const projectKey = (projectId: string) => `uploads:${projectId}`;

export class UploadStore {
  constructor(private readonly redis: RedisClient, private readonly retentionSeconds: number) {}

  /** Stores a new upload and its rows (queued). */
  async create(state: Omit<UploadState, 'status' | 'done' | 'matched' | 'unmatched' | 'failed' | 'created' | 'existing'>, rows: unknown[]): Promise<void> {
    for (let i = 0; i < rows.length; i += ROWS_PER_PUSH) {
      // Each push sets the expiry: rows of an upload whose request died midway do not stay.
      await this.redis.multi().rpush(rowsKey(this.redis, state.id), ...rows.slice(i, i + ROWS_PER_PUSH).map((r) => JSON.stringify(r)))
        .expire(rowsKey(this.redis, state.id), this.retentionSeconds).exec();
    }
    const fields: Record<string, string | number> = { ...state, status: 'queued' };
    for (const n of NUMBERS) fields[n] ??= 0;
    fields.count = state.count;
    const at = Date.parse(state.uploaded);
    await this.redis.multi()
      .hset(key(this.redis, state.id), fields)
      .expire(key(this.redis, state.id), this.retentionSeconds).expire(rowsKey(this.redis, state.id), this.retentionSeconds)
      .exec();
    // The project's list lives elsewhere on a cluster: a MULTI of its own, after the upload is stored.
    await this.redis.multi().zadd(projectKey(state.project_id), at, state.id).expire(projectKey(state.project_id), this.retentionSeconds).exec();
  }

  async get(id: string): Promise<UploadState | undefined> {
    const h = await this.redis.hgetall(key(this.redis, id));
    if (!h.id) return undefined;
    const state = { ...h } as unknown as UploadState;
    for (const n of NUMBERS) state[n] = Number(h[n] ?? 0);
    return state;
  }

  /** Upload ids of a project, newest first. */
  async ofProject(projectId: string, offset: number, limit: number): Promise<{ ids: string[]; total: number }> {
    const [ids, total] = await Promise.all([
      this.redis.zrevrange(projectKey(projectId), offset, offset + limit - 1),
      this.redis.zcard(projectKey(projectId)),
    ]);
    return { ids, total };
  }

  async rows(id: string, from: number, to: number): Promise<unknown[]> {
    return (await this.redis.lrange(rowsKey(this.redis, id), from, to - 1)).map((r) => JSON.parse(r));
  }

  /** Marks the upload running; answers whether it was queued before (a first start, not a resumption). */
  async start(id: string, at: string): Promise<boolean> {
    const [[, set]] = (await this.redis.multi().hsetnx(key(this.redis, id), 'started_at', at).hset(key(this.redis, id), 'status', 'running').exec()) as [[unknown, number]];
    return set === 1;
  }

  /**
   * Records the results of rows [done, done + results.length) and moves the cursor, atomically
   * (one script), only while the cursor is still at `done`; answers whether it recorded them.
   * One job per upload (its job id is the upload id) keeps a second worker off it, but a worker
   * whose job lock lapsed (a stalled event loop) may still be working when another takes the
   * job over: the second to record a chunk records nothing, so no row is counted twice.
   */
  async recordChunk(id: string, done: number, results: RowResult[]): Promise<boolean> {
    const count = (test: (r: RowResult) => boolean) => results.filter(test).length;
    const failures = results.filter((r) => r.error).map((r) => JSON.stringify({ row: r.row, reason: r.error }));
    const recorded = await this.redis.eval(RECORD_CHUNK, 3, key(this.redis, id), resultsKey(this.redis, id), failuresKey(this.redis, id),
      done, done + results.length, this.retentionSeconds,
      count((r) => !!r.error), count((r) => !r.error && !!r.match), count((r) => !r.error && !r.match),
      count((r) => r.created === true), count((r) => r.created === false),
      results.length, ...results.map((r) => JSON.stringify(r)), ...failures);
    return recorded === 1;
  }

  /** Marks the upload finished and drops its rows; answers whether this call finished it. */
  async finish(id: string, at: string): Promise<boolean> {
    const [[, set]] = (await this.redis.multi().hsetnx(key(this.redis, id), 'finished_at', at).hset(key(this.redis, id), 'status', 'finished').del(rowsKey(this.redis, id)).exec()) as [[unknown, number]];
    return set === 1;
  }

  /** The first `limit` failed rows `{row, reason}`. */
  async failures(id: string, limit: number): Promise<{ row: number; reason: string }[]> {
    return (await this.redis.lrange(failuresKey(this.redis, id), 0, limit - 1)).map((r) => JSON.parse(r));
  }

  async results(id: string, from: number, to: number): Promise<RowResult[]> {
    return (await this.redis.lrange(resultsKey(this.redis, id), from, to - 1)).map((r) => JSON.parse(r));
  }

  static principalOf(state: UploadState): Principal {
    return { user: state.user, org: state.org, client_id: state.client_id };
  }
}
