/**
 * Resolution uploads (POST /v1/projects/{id}/resolutions, the published client's
 * resolutionUpload): the rows are stored and one BullMQ job (QUEUE_NAMES.upload, job id = the
 * upload id) resolves each into a project entity (src/workers/uploadJob.ts). Progress, results
 * and the CSV export are read from the store while the job runs.
 */
import { randomUUID } from 'node:crypto';
import { notFound } from '../../domain/errors';
import type { Principal } from '../auth';
import type { ProjectEntityService } from '../projects/entities';
import type { AuditSink } from '../projects/tx';
import { RowResult, UploadState, UploadStore } from '../../feeds/uploads';

export interface UploadQueue { add(uploadId: string): Promise<void> }

/** Result rows read from Redis at once by the CSV export. */
const RESULTS_PAGE = 1000;
/** Failures a progress answer lists (the CSV export has every row). */
const FAILURES_SHOWN = 100;

export class UploadService {
  constructor(
    private readonly store: UploadStore, private readonly entities: ProjectEntityService,
    private readonly queue: UploadQueue, private readonly audit: AuditSink,
  ) {}

  /** Stores the rows and queues their processing; editor. Answers the client's ResolutionUploadResponse and the upload id. */
  async upload(principal: Principal, projectId: string, file: string, rows: unknown[]) {
    await this.entities.requireAccess(principal, projectId, 'editor');
    const id = randomUUID();
    const uploaded = new Date().toISOString();
    await this.store.create({ id, project_id: projectId, file, uploaded, count: rows.length, ...principal }, rows);
    await this.queue.add(id);
    await this.audit.record(principal, 'upload.started', { project_id: projectId, upload_id: id, file, count: rows.length }, true);
    return { file, uploaded, count: rows.length, id };
  }

  /** An upload of the project, visible to its viewers; 404 otherwise. */
  async state(principal: Principal, projectId: string, id: string): Promise<UploadState> {
    await this.entities.requireAccess(principal, projectId, 'viewer');
    const state = await this.store.get(id);
    if (!state || state.project_id !== projectId) throw notFound(`upload ${JSON.stringify(id)}`);
    return state;
  }

  /** Progress and counts, with the first failed rows. */
  async progress(principal: Principal, projectId: string, id: string) {
    const state = await this.state(principal, projectId, id);
    const failures = state.failed > 0 ? await this.store.failures(id, FAILURES_SHOWN) : [];
    return { ...publicState(state), failures };
  }

  async list(principal: Principal, projectId: string, offset: number, limit: number) {
    await this.entities.requireAccess(principal, projectId, 'viewer');
    const { ids, total } = await this.store.ofProject(projectId, offset, limit);
    const states = (await Promise.all(ids.map((i) => this.store.get(i)))).filter((s): s is UploadState => !!s);
    return { offset, limit, next: offset + limit < total, size: { count: total, qualifier: 'eq' }, data: states.map(publicState) };
  }

  /**
   * Every processed row's result, in row order, RESULTS_PAGE rows at a time. Access and the
   * upload are checked when this is called (a 404 before any line is sent); the pages are read
   * as they are consumed, so an export of 100,000 rows never holds more than a page.
   */
  async results(principal: Principal, projectId: string, id: string): Promise<AsyncGenerator<RowResult[]>> {
    const state = await this.state(principal, projectId, id);
    const store = this.store;
    return (async function* pages() {
      for (let from = 0; from < state.done; from += RESULTS_PAGE) yield store.results(id, from, Math.min(from + RESULTS_PAGE, state.done));
    })();
  }
}

/** An upload's state as answered: no owner fields. */
export function publicState(s: UploadState) {
  return {
    id: s.id, project_id: s.project_id, file: s.file, uploaded: s.uploaded, status: s.status, count: s.count,
    done: s.done, matched: s.matched, unmatched: s.unmatched, failed: s.failed, created: s.created, existing: s.existing,
    ...(s.started_at ? { started_at: s.started_at } : {}), ...(s.finished_at ? { finished_at: s.finished_at } : {}),
  };
}
