/**
 * Saves one chunk of a resolution upload's rows as project entities, in at most five exchanges
 * with Neo4j whatever the chunk's size: one read finds the rows whose attributes are already
 * saved in the project; the others are resolved by up to RESOLVE_BATCHES candidate reads at once
 * (outside any transaction); then one write transaction, under the project's lock, joins every known row's entity to the
 * upload, creates the new ones with their matches, and reads each row's best match. Rows with
 * equal attributes (in the chunk, the project or a chunk saved before a kill) are one entity,
 * so a repeated or resumed upload doubles nothing. Editor; a refused change (the project
 * archived, the caller's role lowered) fails the whole chunk with its ApiError.
 */
import { randomUUID } from 'node:crypto';
import { cypher } from '../../graph/cypherFiles';
import { storedJson } from '../../graph/mappers';
import type { Graph } from '../../graph/neo4j';
import type { Principal } from '../auth';
import type { MatchExplanation } from '../projects/entityMatches';
import { ProjectEntityService, Resolution, ResolutionInput, attributesKey, storedFields } from '../projects/entities';
import { AuditSink, ProjectTx, now } from '../projects/tx';

/** Statements a chunk's new rows are resolved in, side by side (each reads the candidates of its share of rows at once). */
const RESOLVE_BATCHES = 3;

export interface ChunkRow { input: ResolutionInput; tags: string[] }

export interface BestMatch { id: string; label: string; score: number | null; strength: string; risk_factors: string[]; explanation: MatchExplanation[] | null }

/** What became of one row: its project entity, whether this chunk created it, its best match; or why it was refused. */
export type SavedRow = { id: string; created: boolean; match?: BestMatch; error?: undefined } | { error: string };

/** Milliseconds spent in each step, added up over the chunks of an upload. */
export type ChunkTimings = Record<'lookup' | 'resolve' | 'write' | 'record', number>;
export const noTimings = (): ChunkTimings => ({ lookup: 0, resolve: 0, write: 0, record: 0 });

export class UploadChunkWriter extends ProjectTx {
  constructor(graph: Graph, private readonly entities: ProjectEntityService, audit: AuditSink) {
    super(graph, audit);
  }

  /** Saves the rows (in order) for upload `uploadId`; answers one SavedRow per row, in the same order. */
  async save(principal: Principal, projectId: string, uploadId: string, rows: ChunkRow[], timings: ChunkTimings = noTimings()): Promise<SavedRow[]> {
    if (rows.length === 0) return [];
    const keyOf = rows.map((r) => attributesKey(r.input));
    // One entry per distinct key: its first row's input and every row's tags, in row order.
    const groups = new Map<string, { input: ResolutionInput; tags: string[] }>();
    rows.forEach((r, i) => {
      const g = groups.get(keyOf[i]);
      if (g) g.tags.push(...r.tags.filter((t) => !g.tags.includes(t)));
      else groups.set(keyOf[i], { input: r.input, tags: [...new Set(r.tags)] });
    });
    const keys = [...groups.keys()];

    let t = Date.now();
    const known = new Set((await this.graph.read(cypher('uploads', 'upload-entities-known'), { projectId, keys })).map((r) => r.get('key') as string));
    timings.lookup += Date.now() - t;

    t = Date.now();
    // The new keys' candidates are read RESOLVE_BATCHES statements at a time, each for a share
    // of the keys, so the scoring of one batch overlaps the graph reads of another.
    const resolved = new Map<string, Resolution>();
    const refused = new Map<string, string>();
    const unknown = keys.filter((k) => !known.has(k));
    const per = Math.ceil(unknown.length / RESOLVE_BATCHES);
    const batches = Array.from({ length: RESOLVE_BATCHES }, (_, b) => unknown.slice(b * per, (b + 1) * per)).filter((b) => b.length);
    await Promise.all(batches.map(async (batch) => {
      const results = await this.entities.resolutions(batch.map((k) => groups.get(k)!.input));
      batch.forEach((k, i) => {
        const r = results[i];
        if (!(r instanceof Error)) resolved.set(k, r);
        else if (refusal(r)) refused.set(k, refusal(r)!);
        else throw r;
      });
    }));
    timings.resolve += Date.now() - t;

    t = Date.now();
    const { ids, createdKeys, best } = await this.writeTx(async (tx) => {
      const at = now();
      await this.lockProject(tx, projectId, principal, 'editor', at);
      // Every key is joined, not only those found before the lock: another upload of the project may have saved it since.
      const joined = await tx.run(cypher('uploads', 'upload-entities-join'), {
        projectId, uploadId, now: at, rows: keys.map((key) => ({ key, tags: groups.get(key)!.tags })),
      });
      const idOf = new Map(joined.records.map((r) => [r.get('key') as string, r.get('id') as string]));
      const fresh = keys.filter((k) => !idOf.has(k) && resolved.has(k)).map((key) => {
        const { strength, matches } = resolved.get(key)!;
        const g = groups.get(key)!;
        idOf.set(key, randomUUID());
        return { id: idOf.get(key)!, ...storedFields(g.input), strength, matches, tags: g.tags };
      });
      // A key found before the lock and gone by now (its entity deleted meanwhile) is resolved and saved by the next attempt of the chunk.
      const missing = keys.filter((k) => !idOf.has(k) && !refused.has(k));
      if (missing.length) throw new Error(`upload ${uploadId}: ${missing.length} project entities left the project while the chunk was saved; the chunk is retried`);
      if (fresh.length) {
        await tx.run(cypher('uploads', 'upload-entities-create'), { projectId, uploadId, now: at, user: principal.user, rows: fresh });
      }
      const bestRows = await tx.run(cypher('uploads', 'upload-best-matches'), { ids: [...new Set(idOf.values())] });
      return { ids: idOf, createdKeys: new Set(fresh.map((f) => f.attributesKey)), best: new Map(bestRows.records.map((r) => [r.get('id') as string, r.get('best') as Record<string, unknown>])) };
    });
    timings.write += Date.now() - t;

    const firstOfKey = new Set<string>();
    return rows.map((_, i) => {
      const key = keyOf[i];
      const id = ids.get(key);
      if (!id) return { error: refused.get(key)! };
      // Only a key's first row in the chunk counts as created; its repeats join it.
      const created = createdKeys.has(key) && !firstOfKey.has(key);
      firstOfKey.add(key);
      const b = best.get(id);
      return { id, created, ...(b ? { match: bestMatchOf(b) } : {}) };
    });
  }
}

/** The reason of a resolution refused for its input (a 4xx, e.g. a date that does not exist), or undefined for a failure. */
function refusal(err: Error): string | undefined {
  const e = err as Error & { status?: number; messages?: string[] };
  return e.status && e.status < 500 ? (e.messages?.join('; ') ?? e.message) : undefined;
}

function bestMatchOf(b: Record<string, unknown>): BestMatch {
  return {
    id: b.id as string, label: (b.label as string | null) ?? '', score: b.score as number | null, strength: b.strength as string,
    risk_factors: Object.keys(storedJson<Record<string, unknown>>(b.risk, {})).sort(),
    explanation: storedJson<MatchExplanation[] | null>(b.explanation, null),
  };
}
