/**
 * The meilisearch backend as the API serves it: Meilisearch first, and Neo4j's full-text indexes
 * while Meilisearch is away (no answer, or a 5xx). Ingest keeps the Neo4j indexes current on either
 * backend, so screening goes on through an outage with answers that are never staler than the
 * graph. A Meilisearch that answers with a 4xx (a bad key, a refused filter) is not away: that
 * stays an error (502). After a failure, Meilisearch is left alone for RETRY_AFTER_MS, so requests
 * do not each wait for it; the first request after that tries it again.
 */
import { MeiliError } from './meiliClient';
import type { MeiliSearchIndex } from './meilisearch';
import type { Candidate, CandidateRequest, SearchIndex, SearchRequest, SearchResult } from './port';

export const RETRY_AFTER_MS = 5000;

/** Meilisearch did not answer, or answered that it cannot serve now. */
export function meiliAway(err: unknown): boolean {
  return err instanceof MeiliError && (err.backendStatus === 0 || err.backendStatus >= 500);
}

export class FallbackSearchIndex implements SearchIndex {
  readonly backend = 'meilisearch' as const;
  private awayUntil = 0;

  constructor(
    readonly primary: MeiliSearchIndex,
    private readonly fallback: SearchIndex,
    private readonly warn: (message: string) => void = () => undefined,
  ) {}

  /** True while requests go to the fallback. */
  get away(): boolean {
    return Date.now() < this.awayUntil;
  }

  private async either<T>(meili: () => Promise<T>, neo4j: () => Promise<T>): Promise<T> {
    if (this.away) return neo4j();
    try {
      return await meili();
    } catch (err) {
      if (!meiliAway(err)) throw err;
      this.warn(`Meilisearch away (${(err as Error).message}): searching Neo4j's full-text indexes for ${RETRY_AFTER_MS / 1000} s`);
      this.awayUntil = Date.now() + RETRY_AFTER_MS;
      return neo4j();
    }
  }

  search(request: SearchRequest): Promise<SearchResult> {
    return this.either(() => this.primary.search(request), () => this.fallback.search(request));
  }

  candidates(request: CandidateRequest): Promise<Candidate[]> {
    return this.either(() => this.primary.candidates(request), () => this.fallback.candidates(request));
  }

  async close(): Promise<void> {
    await this.primary.close();
    await this.fallback.close();
  }
}
