/**
 * The processor of QUEUE_NAMES.upload: resolves the rows of one resolution upload into project
 * entities, a chunk of UPLOAD_CHUNK_ROWS at a time from the upload's `done` cursor. A chunk's
 * results and the cursor are written together (UploadStore.recordChunk), and a row saved before
 * a kill is found again by its attributes under the project's lock
 * (ProjectEntityService.saveUploadRow), so a resumed upload loses no row and saves none twice.
 */
import type { Job } from 'bullmq';
import Redis from 'ioredis';
import { HistoryFeed } from '../feeds/history';
import { WriteBehind } from '../feeds/writeBehind';
import { createSearchIndex } from '../search';
import { ProjectEntityService } from '../services/projectEntities';
import { ResolveService } from '../services/resolve';
import { checkUploadRow } from '../services/uploads/rows';
import { RowResult, UploadStore } from '../services/uploads/store';
import type { UploadJob, WorkerDeps } from './jobs';
import { QUEUE_NAMES } from './queues';
import { webhookDeps } from './webhookJob';

/** Rows per recorded chunk: what a killed worker may redo. */
export const UPLOAD_CHUNK_ROWS = 50;
/** Rows of a chunk resolved at once (each resolution is a few graph reads). */
const ROWS_AT_ONCE = 4;

interface UploadDeps { store: UploadStore; entities: ProjectEntityService; history: HistoryFeed; redis: Redis; writes: WriteBehind }
const made = new Map<WorkerDeps, UploadDeps>();

function uploadDeps(deps: WorkerDeps): UploadDeps {
  let d = made.get(deps);
  if (!d) {
    const redis = new Redis(deps.config.redisUrl, { maxRetriesPerRequest: 3 });
    const writes = new WriteBehind(redis, 0);
    const history = new HistoryFeed(redis, deps.config.env, deps.config.history, writes);
    const entities = new ProjectEntityService(deps.graph, new ResolveService(createSearchIndex(deps.config, deps.graph)), history,
      (msg, err) => deps.logger.warn({ err: (err as Error)?.message }, msg));
    d = { store: new UploadStore(redis, deps.config.uploadRetentionDays * 86_400), entities, history, redis, writes };
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

async function processRow(d: UploadDeps, uploadId: string, projectId: string, principal: Parameters<ProjectEntityService['saveUploadRow']>[0], row: unknown, n: number): Promise<RowResult> {
  const checked = checkUploadRow(row);
  const input: Record<string, unknown> = row && typeof row === 'object' && !Array.isArray(row) ? { ...(row as Record<string, unknown>) } : { value: row };
  delete input.__error;
  if (!checked.ok) return { row: n, input, tags: [], error: checked.reason };
  try {
    const saved = await d.entities.saveUploadRow(principal, projectId, checked.input, uploadId, checked.tags);
    const match = await d.entities.bestMatch(saved.id);
    return { row: n, input, tags: checked.tags, project_entity_id: saved.id, created: saved.created, ...(match ? { match } : {}) };
  } catch (err) {
    // A refused change (the project archived, the caller's role lowered) fails every row alike.
    const e = err as { status?: number; messages?: string[]; message: string };
    if (e.status && e.status < 500) return { row: n, input, tags: checked.tags, error: e.messages?.join('; ') ?? e.message };
    throw err;
  }
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
  while (done < state.count) {
    const rows = await d.store.rows(id, done, Math.min(done + UPLOAD_CHUNK_ROWS, state.count));
    const results: RowResult[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i += ROWS_AT_ONCE) {
      await Promise.all(rows.slice(i, i + ROWS_AT_ONCE).map(async (row, k) => {
        results[i + k] = await processRow(d, id, state.project_id, principal, row, done + i + k + 1);
      }));
    }
    await d.store.recordChunk(id, done, results);
    done += rows.length;
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
  return { upload: id, rows: state.count };
}
