/**
 * Re-scoring against the graph: reads a group's neighbourhood in one transaction, derives
 * (./derivation.ts), writes chunk by chunk with compare-and-set and queues notifications in a
 * Neo4j outbox that is then moved to the feed (./outbox.ts). See docs/risk-and-notifications.md.
 */
import { neo4j } from '../../graph/driver';
import { todayUtc } from '../../domain/dates';
import { cypher } from '../../graph/cypherFiles';
import type { Graph } from '../../graph/neo4j';
import { chunks, labelOf, readChunk, readLabels, type ChunkRead, type RootRow, type Run } from './chunkRead';
import { OWNERSHIP_DEPTH, canonicalRisk, deriveRisk, riskHash, type DeriveInput, type Derived, type RiskMap } from './derivation';
import { graphEpoch } from './epochCache';
import { MemberReachCache } from './memberReach';
import { neighbourhood, type Expand } from './neighbourhood';
import { PsaTableCache } from './psaTable';
import { NotificationOutbox } from './outbox';
import { pairKey } from './explanation';
import { explanationJson } from './explanationText';
import { riskChange, type NotificationSink } from './notifications';

export type { Expand } from './neighbourhood';

/** Entities written per compare-and-set transaction. */
export const SCORE_CHUNK = 2000;
/**
 * Most entities read in one read transaction (a group): one default chunk (a scorer given a
 * larger chunk reads a chunk a group: groups are at least a chunk). A group's reads are its own
 * entities' (the ownership comes from the shared member reach), so a larger group saves no read;
 * it only makes the lanes derive (Node's CPU) and write (Neo4j's) in step, where groups of one
 * chunk let one lane's derivation run beside another's write (docs/benchmarks.md).
 */
export const SCORE_GROUP = SCORE_CHUNK;
/** Groups of one call read and scored at the same time (a set this large or more is split in as many). */
export const SCORE_PARALLEL = 2;
/** A job with this reason lists every entity: no neighbourhood expansion is needed. */
export const FULL_RESCORE_REASON = 'rescore-all';
const CAS_ATTEMPTS = 8;
/** Entities derived between two turns of the event loop. */
const DERIVE_SLICE = 200;
/** Reads of a large neighbourhood may take longer than an API query may. */
const READ_TIMEOUT_MS = 300_000;

export interface RescoreStats {
  /** Ids the job named. */
  requested: number;
  /** Entities scored (the requested ones and their neighbourhood). */
  scored: number;
  /** Entities whose risk or state was written. */
  written: number;
  /** Entities whose risk set changed. */
  changed: number;
  /** Notifications moved to the feed. */
  notifications: number;
  rejected: number;
  /** Entities of the neighbourhood left to another job of the same change (claimed by it). */
  skipped: number;
}

/** The hash an explanation is compared by (null for none). */
const hashOf = (text: string | null): string | null => (text === null ? null : riskHash(text));

const emptyStats = (): RescoreStats => ({ requested: 0, scored: 0, written: 0, changed: 0, notifications: 0, rejected: 0, skipped: 0 });

/** The ids of a neighbourhood this job scores; the others are scored by another job of the same change. */
export type Claim = (ids: string[]) => Promise<string[]>;

/** How the jobs of one change share their work: who scores an entity, who searches past it. */
export interface ChangeShare { claim: Claim; expand?: Expand }

/**
 * version, stateHash and stateRisk: the state the row was derived from, all compared when it
 * is written (apply-scores in cypher/risk.cypher says why). `changes`: the risk set changes.
 * `notify` and `stateRisk` are sent for a `matched` row alone (null otherwise): only a project
 * match makes a change a notification.
 */
interface WriteRow {
  id: string; version: number; stateHash: string | null; stateRisk: string | null; matched: boolean; changes: boolean;
  hash: string; risk: string; factors: string[]; date: string; score: number; notify: string | null;
  stateExplanationHash: string | null; stateExplanation: string | null; explanation: string | null; explanationHash: string | null;
}

export interface ScorerOptions {
  /** Entities per write transaction (default SCORE_CHUNK). */
  chunkSize?: number;
  /** Most entities per read transaction (default SCORE_GROUP, at least chunkSize). */
  groupSize?: number;
  /** Groups scored at the same time within one call (default SCORE_PARALLEL). */
  parallel?: number;
  maxDepth?: number;
  log?: (msg: string, details?: Record<string, unknown>) => void;
  /** Told the ids of each group scored (first attempt; a compare-and-set retry is not a new scoring). */
  onScored?: (ids: readonly string[]) => void;
}

/**
 * `ids` in order, cut in groups of at most `size`, and in `parallel` groups when there are ids
 * for more than a chunk each: the groups of one call are read at the same time.
 */
export function groups(ids: string[], size: number, parallel: number, chunk: number): string[][] {
  if (!ids.length) return [];
  const count = Math.max(Math.ceil(ids.length / size), Math.min(parallel, Math.ceil(ids.length / chunk)));
  return chunks(ids, Math.ceil(ids.length / count));
}

export class RiskScorer {
  private readonly chunkSize: number;
  private readonly groupSize: number;
  private readonly parallel: number;
  private readonly maxDepth: number;
  private readonly log: NonNullable<ScorerOptions['log']>;
  private readonly onScored: ScorerOptions['onScored'];
  /** The ownership steps derivation can use, shared by the groups while the graph epoch stays. */
  private readonly reach: MemberReachCache;
  /** The possibly-same-as links, shared by the jobs and groups while the graph epoch stays. */
  private readonly psa: PsaTableCache;
  private readonly outbox: NotificationOutbox;

  constructor(private readonly graph: Graph, sink: NotificationSink, options: ScorerOptions = {}) {
    this.chunkSize = options.chunkSize ?? SCORE_CHUNK;
    this.groupSize = Math.max(this.chunkSize, options.groupSize ?? SCORE_GROUP);
    this.parallel = Math.max(1, options.parallel ?? SCORE_PARALLEL);
    this.maxDepth = options.maxDepth ?? OWNERSHIP_DEPTH;
    this.log = options.log ?? (() => undefined);
    this.onScored = options.onScored;
    this.reach = new MemberReachCache(this.maxDepth, (work) => this.readTx(work));
    this.psa = new PsaTableCache((work) => this.readTx(work));
    this.outbox = new NotificationOutbox(graph, sink);
  }

  /**
   * One job: deliver notifications left over by an interrupted run, expand the ids to every
   * entity whose derived factors may depend on them (unless the job lists every entity),
   * keep those `share.claim` gives this job (all without it), and score those; `share.expand`
   * stops its ownership searches where another job of the change searched on.
   */
  async process(
    entityIds: string[], reason: string, progress?: (done: number, total: number) => Promise<void> | void, share?: ChangeShare,
  ): Promise<RescoreStats> {
    // The member reach and the possibly-same-as table are read ahead: the neighbourhood walks the
    // reach back from the members among the ids, and the groups derive from both (each checks
    // they still hold at its own point).
    this.reach.prefetch(todayUtc());
    this.psa.prefetch(todayUtc());
    const leftover = await this.flushOutbox();
    const expanded = reason === FULL_RESCORE_REASON ? [...new Set(entityIds)] : await this.affected(entityIds, share?.expand);
    const ids = share && reason !== FULL_RESCORE_REASON ? await share.claim(expanded) : expanded;
    const stats = await this.score(ids, { progress });
    stats.requested = entityIds.length;
    stats.skipped = expanded.length - ids.length;
    stats.notifications += leftover;
    return stats;
  }

  /**
   * The given entities plus those whose derived factors may change with them: one hop over
   * any current fact or possibly-same-as link, and OWNERSHIP_DEPTH hops up and down the
   * ownership types (a changed owner changes what it owns, and the reverse); then the
   * possibly-same-as entities of all those (their psa_ factors follow what those derive). Sorted.
   */
  async neighbourhood(entityIds: string[]): Promise<string[]> {
    return (await this.affected(entityIds)).sort();
  }

  /**
   * The neighbourhood in the order it was found (./neighbourhood.ts): entities near each other
   * in the graph sit near each other in the list. With `expand`, the graph searches stop where
   * another job of the change searched on: that job's neighbourhood holds what lies past.
   */
  async affected(entityIds: string[], expand?: Expand): Promise<string[]> {
    const today = todayUtc();
    return this.readTx((run) => neighbourhood(run, entityIds, {
      today, maxDepth: this.maxDepth, expand, reach: () => this.reach.get(run, today), psa: () => this.psa.get(run, today),
    }));
  }

  /**
   * Scores `ids` (each entity once) in groups, in the given order: each group is one read
   * transaction and derivation, then one compare-and-set write per chunk of its rows. Groups of
   * one call run SCORE_PARALLEL at a time, so one group's reads overlap another's writes.
   */
  async score(ids: string[], options: { flush?: boolean; progress?: (done: number, total: number) => Promise<void> | void } = {}): Promise<RescoreStats> {
    const stats = emptyStats();
    const unique = [...new Set(ids)];
    let done = 0;
    const queue = groups(unique, this.groupSize, this.parallel, this.chunkSize);
    // Groups in flight hold disjoint ids, and the compare-and-set covers the rest.
    const lane = async () => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        const rows = await this.derive(group, stats, true);
        let skipped = group.length - rows.length;
        for (const batch of chunks(rows, this.chunkSize)) {
          const queued = await this.writeChunk(batch, stats);
          if (queued > 0 && options.flush !== false) stats.notifications += await this.flushOutbox();
          done += batch.length + skipped;
          skipped = 0;
          await options.progress?.(done, unique.length);
        }
        if (skipped) {
          done += skipped;
          await options.progress?.(done, unique.length);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.parallel, queue.length) }, lane));
    return stats;
  }

  /**
   * Writes derived rows (sorted by id) with compare-and-set. A row whose state changed since the
   * read (another worker got there first) is read and derived again, so the last write reflects
   * a view that saw the other one. Returns the number of notifications queued in the outbox.
   */
  private async writeChunk(first: WriteRow[], stats: RescoreStats): Promise<number> {
    let rows = first;
    let queued = 0;
    for (let attempt = 1; rows.length; attempt++) {
      const written = await this.graph.write(cypher('risk', 'apply-scores'), { rows });
      const applied = new Set<string>();
      for (const w of written) {
        applied.add(w.get('id') as string);
        queued += w.get('queued') as number;
      }
      stats.written += applied.size;
      stats.changed += rows.filter((r) => r.changes && applied.has(r.id)).length;
      const pending = rows.filter((r) => !applied.has(r.id)).map((r) => r.id);
      if (!pending.length) break;
      if (attempt >= CAS_ATTEMPTS) throw new Error(`risk state of ${pending.length} entities kept changing during scoring; the job will be retried`);
      this.log('risk state or project matches changed under us; scoring again', { ids: pending.length, attempt });
      rows = await this.derive(pending, stats, false);
    }
    return queued;
  }

  /**
   * The write rows for `ids`: only entities whose state or visible risk differs. Derived in the
   * read transaction: the explanations' steps come with the member reach, and a first pass notes
   * the entities they show whose labels are not known yet; those are read and the entities with
   * explanations are derived again. Nothing but the explanations' labels depends on them, so the
   * second pass gives the same risk.
   */
  private async derive(ids: string[], stats: RescoreStats, count: boolean): Promise<WriteRow[]> {
    const today = todayUtc();
    const { data, derived } = await this.readTx(async (run) => {
      const data = await readChunk(run, ids, async (inTx) => {
        const token = await graphEpoch(inTx);
        const [reach, psa] = await Promise.all([this.reach.at(token, today), this.psa.at(token, today)]);
        return { reach, psa };
      });
      const stepOf = (from: string, to: string) => data.steps.get(pairKey(from, to));
      const unlabelled = new Set<string>();
      const first = await this.deriveRoots(data, data.roots, {
        stepOf,
        labelOf: (n) => {
          const label = labelOf(data, n);
          if (label === undefined) unlabelled.add(n);
          return label;
        },
      });
      if (!unlabelled.size) return { data, derived: first };
      await readLabels(run, data, [...unlabelled]);
      const again = data.roots.filter((r) => Object.keys(first.get(r.id)!.explanations).length);
      for (const [id, d] of await this.deriveRoots(data, again, { stepOf, labelOf: (n) => labelOf(data, n) })) first.set(id, d);
      return { data, derived: first };
    });

    if (count) this.onScored?.(data.roots.map((r) => r.id));
    const rows: WriteRow[] = [];
    const date = new Date().toISOString();
    for (const [i, root] of data.roots.entries()) {
      if (i > 0 && i % DERIVE_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
      const d = derived.get(root.id)!;
      if (count) {
        stats.scored += 1;
        stats.rejected += d.rejected.length;
      }
      if (d.rejected.length) this.log('risk factors rejected', { entity: root.id, rejected: d.rejected });
      if (d.partial) this.log('ownership paths over budget; 50% rule computed on a part', { entity: root.id });
      const canonical = canonicalRisk(d.risk);
      const hash = riskHash(canonical);
      const factors = Object.keys(d.risk).sort();
      const visibleUpToDate = root.riskJson === canonical && root.factors.length === factors.length && root.factors.every((f, i) => f === factors[i]);
      const explanation = explanationJson(d.explanations);
      const explanationHash = hashOf(explanation);
      const stateExplanationHash = root.stateExplanationHash ?? hashOf(root.stateExplanation);
      const explained = (root.shownExplanationHash ?? hashOf(root.shownExplanation)) === explanationHash && stateExplanationHash === explanationHash;
      if (root.stateHash === hash && visibleUpToDate && explained) continue;
      // Unmatched: `previous` was not read, and the hash tells a change (a first state: the shown risk).
      const change = root.stateHash === hash || !root.matched ? undefined : riskChange(root.id, root.previous, d.risk, date);
      const changes = root.matched ? change !== undefined : root.stateHash === null ? root.riskJson !== canonical : root.stateHash !== hash;
      rows.push({
        id: root.id, version: root.version, stateHash: root.stateHash, stateRisk: root.stateRisk, matched: root.matched, changes,
        hash, risk: canonical, factors, date, score: Date.parse(date),
        notify: change ? JSON.stringify(change) : null,
        stateExplanationHash: root.stateExplanationHash, stateExplanation: root.stateExplanation, explanation, explanationHash,
      });
    }
    // Sorted by id: concurrent chunks take the states' write locks in the same order.
    return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /**
   * Derives `roots` from `data`, with the explanations' steps and labels looked up as given.
   * Gives the event loop a turn every DERIVE_SLICE entities: a group takes seconds of CPU, and
   * the job's lock is renewed by a timer (a lock that lapses gives the job to another worker).
   */
  private async deriveRoots(data: ChunkRead, roots: RootRow[], lookup: Pick<DeriveInput, 'stepOf' | 'labelOf'>): Promise<Map<string, Derived>> {
    const near = data.near;
    const fromGraph = (id: string, direct: RiskMap, psa: readonly string[]) => {
      const neighbours = data.adjacent.get(id) ?? [];
      const psaDerived = psa.map((p) => ({ id: p, derived: riskOfPsa(p) }));
      return deriveRisk({
        id,
        direct,
        adjacent: neighbours.map((n) => data.directs.get(n.id) ?? {}),
        adjacentSteps: neighbours.map((n) => ({ id: n.id, step: n.step ?? { relationship: 'unknown', shares: null } })),
        psa: psaDerived.map((p) => p.derived.risk),
        psaSources: psaDerived.map((p) => ({ id: p.id, explanations: p.derived.explanations })),
        up: data.up,
        down: data.down,
        directOf: (n) => data.directs.get(n),
        ...lookup,
        near,
        maxDepth: this.maxDepth,
      });
    };
    // What each possibly-same-as entity carries apart from psa_ factors: direct and derived.
    const psaRisk = new Map<string, Derived>();
    const riskOfPsa = (id: string): Derived => {
      let found = psaRisk.get(id);
      if (!found) psaRisk.set(id, (found = fromGraph(id, data.directs.get(id) ?? {}, [])));
      return found;
    };
    const out = new Map<string, Derived>();
    for (const [i, root] of roots.entries()) {
      if (i > 0 && i % DERIVE_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
      const psaIds = data.psa.get(root.id) ?? [];
      const psaOf = psaIds.map(riskOfPsa);
      const derived = fromGraph(root.id, root.direct, psaIds);
      if (psaOf.some((d) => d.partial)) derived.partial = true;
      out.set(root.id, derived);
    }
    return out;
  }

  /** Moves committed notifications from the outbox to the feed (NotificationOutbox.flush); returns the number moved. */
  flushOutbox(): Promise<number> {
    return this.outbox.flush();
  }

  /** One read transaction (one view of the graph) with the worker's longer time limit. */
  private readTx<T>(work: (run: Run) => Promise<T>): Promise<T> {
    return this.graph.readTx((tx) => work(async (q, p) => (await tx.run(q, p)).records), READ_TIMEOUT_MS);
  }

  /** Every scorable entity id, in pages, for `graph-api rescore --all`. */
  async *allEntityIds(page = 10_000): AsyncGenerator<string[]> {
    let after = '';
    for (;;) {
      const rows = await this.graph.read(cypher('risk', 'all-entities'), { after, limit: neo4j.int(page) });
      if (!rows.length) return;
      const ids = rows.map((r) => r.get('id') as string);
      yield ids;
      after = ids[ids.length - 1];
    }
  }
}
