/**
 * The processor of QUEUE_NAMES.upload: resolves the rows of one resolution upload into project
 * entities, a chunk of UPLOAD_CHUNK_ROWS at a time from the upload's `done` cursor. A chunk is
 * saved in one write transaction (UploadChunkWriter), then its results and the cursor are
 * written together (UploadStore.recordChunk); a chunk saved before a kill and not recorded is
 * found again by its rows' attributes, so a resumed upload loses no row and saves none twice.
 */
import type { Job } from 'bullmq';
import { redisClient, type RedisClient } from '../feeds/redis';
import { HistoryFeed } from '../feeds/history';
import { WriteBehind } from '../feeds/writeBehind';
import { createSearchIndex } from '../search';
import { ProjectEntityService } from '../services/projects/entities';
import { ResolveService } from '../services/resolve';
import { ChunkRow, ChunkTimings, UploadChunkWriter, noTimings } from '../services/uploads/chunk';
import { checkUploadRow } from '../services/uploads/rows';
import { RowResult, UploadState, UploadStore } from '../feeds/uploads';
import type { UploadJob, WorkerDeps } from './jobs';
import { QUEUE_NAMES } from './queues';
import { webhookDeps } from './webhookJob';

/** Rows per recorded chunk: what a killed worker may redo. */
export const UPLOAD_CHUNK_ROWS = 50;
interface UploadDeps { store: UploadStore; chunks: UploadChunkWriter; history: HistoryFeed; redis: RedisClient; writes: WriteBehind }
const made = new Map<WorkerDeps, UploadDeps>();

function uploadDeps(deps: WorkerDeps): UploadDeps {
  let d = made.get(deps);
  if (!d) {
    const redis = redisClient(deps.config, { maxRetriesPerRequest: 3 });
    const writes = new WriteBehind(redis, 0);
    const history = new HistoryFeed(redis, deps.config.env, deps.config.history, writes);
    const entities = new ProjectEntityService(deps.graph, new ResolveService(createSearchIndex(deps.config, deps.graph)), history,
      (msg, err) => deps.logger.warn({ err: (err as Error)?.message }, msg));
    d = { store: new UploadStore(redis, deps.config.uploadRetentionDays * 86_400), chunks: new UploadChunkWriter(deps.graph, entities, history), history, redis, writes };
    made.set(deps, d);
  }
  return d;
}

/** Closes the connections of the upload processors (in-process workers). */
export async function closeUploadDeps(): Promise<void> {
  for (const d of made.values()) {
    await d.writes.close();
    d.redis.disconnect();
  }
  made.clear();
}

/** Checks the rows of a chunk and saves the good ones; one result per row, in order. */
async function processChunk(d: UploadDeps, uploadId: string, state: UploadState, rows: unknown[], first: number, timings: ChunkTimings): Promise<RowResult[]> {
  const results: RowResult[] = [];
  const good: { at: number; row: ChunkRow }[] = [];
  rows.forEach((row, i) => {
    const checked = checkUploadRow(row);
    const input: Record<string, unknown> = row && typeof row === 'object' && !Array.isArray(row) ? { ...(row as Record<string, unknown>) } : { value: row };
    delete input.__error;
    results.push(checked.ok ? { row: first + i, input, tags: checked.tags } : { row: first + i, input, tags: [], error: checked.reason });
    if (checked.ok) good.push({ at: i, row: { input: checked.input, tags: checked.tags } });
  });
  try {
    const saved = await d.chunks.save(UploadStore.principalOf(state), state.project_id, uploadId, good.map((g) => g.row), timings);
    good.forEach((g, k) => {
      const s = saved[k];
      if (s.error !== undefined) results[g.at].error = s.error;
      else Object.assign(results[g.at], { project_entity_id: s.id, created: s.created, ...(s.match ? { match: s.match } : {}) });
    });
  } catch (err) {
    // A refused change (the project archived, the caller's role lowered) fails every row alike.
    const e = err as { status?: number; messages?: string[]; message: string };
    if (!e.status || e.status >= 500) throw err;
    for (const g of good) results[g.at].error = e.messages?.join('; ') ?? e.message;
  }
  return results;
}

export async function uploadProcessor(job: Job<UploadJob>, deps: WorkerDeps): Promise<unknown> {
  const d = uploadDeps(deps);
  const id = job.data.uploadId;
  const state = await d.store.get(id);
  if (!state) return { skipped: 'upload expired' };
  const principal = UploadStore.principalOf(state);
  if (state.status !== 'finished' && (await d.store.start(id, new Date().toISOString()))) {
    deps.logger.info({ queue: QUEUE_NAMES.upload, upload: id, rows: state.count }, 'upload started');
  }
  let done = state.done;
  const timings = noTimings();
  while (done < state.count) {
    const rows = await d.store.rows(id, done, Math.min(done + UPLOAD_CHUNK_ROWS, state.count));
    const results = await processChunk(d, id, state, rows, done + 1, timings);
    const t = Date.now();
    const recorded = await d.store.recordChunk(id, done, results);
    timings.record += Date.now() - t;
    // Not recorded: another worker took the job over (this one's lock lapsed) and moved the cursor; go on from where it is.
    done = recorded ? done + rows.length : (await d.store.get(id))?.done ?? state.count;
    await job.updateProgress({ done, total: state.count });
  }
  if (await d.store.finish(id, new Date().toISOString())) {
    const final = (await d.store.get(id))!;
    await d.history.record(principal, 'upload.finished', {
      project_id: final.project_id, upload_id: id, file: final.file, count: final.count,
      matched: final.matched, unmatched: final.unmatched, failed: final.failed,
    }, true);
  }
  // Outside the block above: a retry after a failed emit finds the upload finished and emits again (one delivery per subscription).
  const finished = await d.store.get(id);
  if (finished?.status === 'finished') await webhookDeps(deps).dispatcher.uploadFinished(finished);
  // The time of each step of this run (a resumed upload's covers the rows after the resumption).
  return { upload: id, rows: state.count, phases_ms: timings };
}
