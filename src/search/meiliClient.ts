/**
 * A minimal Meilisearch REST client (the calls the adapter needs), on fetch.
 *
 * Why not the `meilisearch` npm package: its current releases are ES-module only. Node 20
 * can `require()` them, but jest (which runs this project's tests as CommonJS) cannot before
 * Node 24.9, so the adapter's contract tests could not load it; and TypeScript's `node`
 * module resolution used here does not see its type declarations. The REST API is small and
 * stable, so these few calls are spelled out.
 */
export interface MeiliTask { taskUid: number }
export interface MeiliSearchResponse {
  hits: Record<string, unknown>[];
  totalHits?: number;
  estimatedTotalHits?: number;
  facetDistribution?: Record<string, Record<string, number>>;
}

/**
 * A failed Meilisearch call. `upstream` marks it a backend failure for the HTTP layer (a 502
 * with a generic message, never Meilisearch's status or text); `backendStatus` is 0 when no
 * answer came.
 */
export class MeiliError extends Error {
  readonly upstream = 'meilisearch';

  constructor(readonly backendStatus: number, readonly code: string | undefined, message: string) {
    super(message);
  }
}

export class MeiliClient {
  private readonly base: string;

  constructor(url: string, private readonly key: string | undefined, private readonly timeoutMs = 15_000) {
    this.base = url.replace(/\/+$/, '');
  }

  async request<T>(method: string, path: string, body?: unknown, timeoutMs = this.timeoutMs): Promise<T> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(this.key ? { authorization: `Bearer ${this.key}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw new MeiliError(0, undefined, `meilisearch ${method} ${path}: ${(err as Error).message}`);
    }
    let data: { code?: string; message?: string } | undefined;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      throw new MeiliError(res.status, undefined, `meilisearch ${method} ${path}: ${res.status}, not JSON: ${text.slice(0, 200)}`);
    }
    if (!res.ok) throw new MeiliError(res.status, data?.code, `meilisearch ${method} ${path}: ${res.status} ${data?.message ?? text}`);
    return data as T;
  }

  /** Waits until an enqueued task has finished; throws when it failed. */
  async wait(task: MeiliTask, timeoutMs = 600_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (let delay = 20; ; delay = Math.min(delay * 2, 500)) {
      const t = await this.request<{ status: string; error?: { message: string; code: string } }>('GET', `/tasks/${task.taskUid}`);
      if (t.status === 'succeeded') return;
      if (t.status === 'failed' || t.status === 'canceled') throw new MeiliError(400, t.error?.code, `meilisearch task ${task.taskUid} ${t.status}: ${t.error?.message ?? ''}`);
      if (Date.now() > until) throw new Error(`meilisearch task ${task.taskUid} did not finish within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  async healthy(): Promise<boolean> {
    try {
      const h = await this.request<{ status: string }>('GET', '/health', undefined, 2000);
      return h.status === 'available';
    } catch {
      return false;
    }
  }

  enableContainsFilter(): Promise<unknown> {
    return this.request('PATCH', '/experimental-features', { containsFilter: true });
  }

  async createIndex(uid: string, primaryKey: string): Promise<void> {
    try {
      await this.wait(await this.request<MeiliTask>('POST', '/indexes', { uid, primaryKey }));
    } catch (err) {
      if (!(err instanceof MeiliError && err.code === 'index_already_exists')) throw err;
    }
  }

  async updateSettings(uid: string, settings: Record<string, unknown>): Promise<void> {
    await this.wait(await this.request<MeiliTask>('PATCH', `/indexes/${uid}/settings`, settings));
  }

  async addDocuments(uid: string, docs: unknown[]): Promise<void> {
    await this.wait(await this.request<MeiliTask>('POST', `/indexes/${uid}/documents`, docs, 120_000));
  }

  async deleteDocuments(uid: string, keys: string[]): Promise<void> {
    await this.wait(await this.request<MeiliTask>('POST', `/indexes/${uid}/documents/delete-batch`, keys));
  }

  async deleteAllDocuments(uid: string): Promise<void> {
    await this.wait(await this.request<MeiliTask>('DELETE', `/indexes/${uid}/documents`));
  }

  async deleteIndex(uid: string): Promise<void> {
    try {
      await this.wait(await this.request<MeiliTask>('DELETE', `/indexes/${uid}`));
    } catch (err) {
      if (!(err instanceof MeiliError && err.code === 'index_not_found')) throw err;
    }
  }

  /** Swaps the contents of index pairs atomically (both must exist): searches see one or the other, never neither. */
  async swapIndexes(pairs: [string, string][]): Promise<void> {
    await this.wait(await this.request<MeiliTask>('POST', '/swap-indexes', pairs.map((indexes) => ({ indexes }))));
  }

  async multiSearch(queries: Record<string, unknown>[]): Promise<MeiliSearchResponse[]> {
    const r = await this.request<{ results: MeiliSearchResponse[] }>('POST', '/multi-search', { queries });
    return r.results;
  }

  async facetSearch(uid: string, facetName: string, facetQuery: string): Promise<string[]> {
    const r = await this.request<{ facetHits: { value: string }[] }>('POST', `/indexes/${uid}/facet-search`, { facetName, facetQuery });
    return r.facetHits.map((h) => h.value);
  }
}
