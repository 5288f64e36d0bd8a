/**
 * Risk factors derived from the graph, the re-scoring of entities after a change, and the
 * project notifications a change of risk produces. See docs/risk-and-notifications.md.
 *
 * Every derived factor of an entity is computed from the *direct* (ingested) risk of other
 * entities and from current facts only, never from other entities' stored derived factors, so
 * the result does not depend on the order in which entities are scored and a re-run from the
 * graph gives the same answer (jobs are idempotent).
 *
 * Each derived factor belongs to a family of direct factors (src/domain/riskFamilies.ts: the
 * sanctions lists, state ownership, export controls, forced-labour lists, ...):
 *  - `adjacent` (`sanctioned_adjacent`, `soe_adjacent`, `wro_entity_adjacent`, ...): a member one
 *    current fact away (any type, possibly-same-as excluded).
 *  - `ownedBy` / `ownerOf` (`owned_by_sanctioned_<list>_entity`, `owned_by_soe`, ...): a member
 *    within OWNERSHIP_DEPTH hops up (UBO types) or down (downstream types), over current facts,
 *    whatever the share.
 *  - `fiftyPercent` (`sanctioned_<list>_50_percent_rule`, `ofac_50_percent_rule`, ...): members own
 *    50% or more in aggregate. Each simple ownership path up to OWNERSHIP_DEPTH hops contributes
 *    the product of its shares; a path stops counting for a family at its first member (that
 *    member's own owners' stake is already inside its share). Shares come from share-bearing
 *    facts with a known percentage (the largest of parallel facts between the same pair),
 *    `branch_of` counts as 100%, unknown shares as 0.
 *  - `psa_<factor>`: a factor of a possibly-same-as entity, direct or derived from that entity's
 *    own neighbourhood by the rules above (computed here from the graph, not read from it).
 */
import { createHash } from 'node:crypto';
import neo4j, { type ManagedTransaction } from 'neo4j-driver';
import { todayUtc } from '../domain/dates';
import { DOWNSTREAM_TYPES, UBO_TYPES, neo4jRelType } from '../domain/relationships';
import {
  PRESENT, isRiskFactor, riskLevel,
} from '../domain/risk';
import { FAMILY_MEMBER_FACTORS, familiesOfFactor, type RiskFamily } from '../domain/riskFamilies';
import { cypher } from '../graph/cypherFiles';
import type { Graph } from '../graph/neo4j';
import { archivedConflict, requireRole, type ProjectAccess } from './access';
import type { Principal } from './auth';
import { exact } from './paging';

/** Hops followed for ownership factors (up and down), and for the re-scoring neighbourhood. */
export const OWNERSHIP_DEPTH = 4;
/** Entities scored per read + write transaction. */
export const SCORE_CHUNK = 500;
/** Chunks of one job scored at the same time. */
export const SCORE_PARALLEL = 2;
/** A job with this reason lists every entity: no neighbourhood expansion is needed. */
export const FULL_RESCORE_REASON = 'rescore-all';
/** Upper bound of ownership path steps walked per entity for the 50% rule. */
export const PATH_STEP_BUDGET = 200_000;
const CAS_ATTEMPTS = 8;
const READ_BATCH = 2000;
/** Reads of a large neighbourhood may take longer than an API query may. */
const READ_TIMEOUT_MS = 300_000;

export interface RiskValue { value: string | number | boolean; metadata: { country: string[] }; level: string }
export type RiskMap = Record<string, RiskValue>;

// ---------------------------------------------------------------------------------------
// Factor names
// ---------------------------------------------------------------------------------------

export class UnknownRiskFactorError extends Error {}

/** `name` when it is a valid factor name (src/domain/risk.ts); an unknown name is rejected. */
export function checkedFactor(name: string): string {
  if (!isRiskFactor(name)) throw new UnknownRiskFactorError(`unknown risk factor "${name}"`);
  return name;
}

export const factorNames = {
  psa: (factor: string) => checkedFactor(`psa_${factor}`),
};

/** The families an entity is a member of (src/domain/riskFamilies.ts), with the countries of its member factors. */
export function familiesOf(direct: RiskMap): Map<RiskFamily, string[]> {
  const out = new Map<RiskFamily, string[]>();
  for (const [factor, value] of Object.entries(direct)) {
    for (const family of familiesOfFactor(factor)) out.set(family, union(out.get(family) ?? [], value.metadata?.country ?? []));
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------

const union = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])].sort();

function riskValue(name: string, value: RiskValue['value'], countries: readonly string[]): RiskValue {
  return { value, metadata: { country: [...new Set(countries)].sort() }, level: riskLevel(name) };
}

/** Parses a stored risk map (JSON), keeping only well-formed values. */
export function parseRisk(json: unknown): RiskMap {
  if (typeof json !== 'string' || !json) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  const out: RiskMap = {};
  if (!parsed || typeof parsed !== 'object') return out;
  for (const [name, v] of Object.entries(parsed as Record<string, Partial<RiskValue>>)) {
    if (!v || typeof v !== 'object') continue;
    const country = Array.isArray(v.metadata?.country) ? v.metadata!.country.map(String) : [];
    // Earlier versions stored `true` for present-or-not factors. Read as PRESENT, an entity scored
    // then gets no notification for the new spelling; its next scoring rewrites the stored text.
    const value = v.value === undefined || v.value === null || v.value === true ? PRESENT : v.value;
    out[name] = { value, metadata: { ...(v.metadata ?? {}), country }, level: v.level ?? riskLevel(name) };
  }
  return out;
}

/** Stable text of a risk map: factors and object keys sorted, countries sorted. */
export function canonicalRisk(risk: RiskMap): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
    }
    return v;
  };
  const ordered: Record<string, unknown> = {};
  for (const name of Object.keys(risk).sort()) {
    const v = risk[name];
    ordered[name] = sortKeys({ ...v, metadata: { ...v.metadata, country: [...new Set(v.metadata.country)].sort() } });
  }
  return JSON.stringify(ordered);
}

export const riskHash = (canonical: string): string => createHash('sha256').update(canonical).digest('base64url');

/** Merges two values of the same factor: numbers by maximum, booleans by or, else the first. */
function mergeValue(a: RiskValue['value'], b: RiskValue['value']): RiskValue['value'] {
  if (typeof a === 'number' && typeof b === 'number') return Math.max(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return a || b;
  return a;
}

// ---------------------------------------------------------------------------------------
// Ownership arithmetic (pure)
// ---------------------------------------------------------------------------------------

/** An ownership step from an entity to an owner (upward) or to an owned entity (downward). */
export interface OwnershipEdge { to: string; percentage: number | null }
export type Adjacency = Map<string, OwnershipEdge[]>;

/**
 * Aggregate ownership of `root` by the members of each list (a risk family), in percent: the sum
 * over simple upward paths of at most `maxDepth` hops of the product of their shares, where a path
 * counts for a list at its first member of that list and no further. Edges with an
 * unknown share contribute nothing. Also returns, per list, the owners that contributed.
 */
export function aggregateOwnership<List>(
  root: string,
  up: Adjacency,
  listsOf: (id: string) => Iterable<List> | undefined,
  maxDepth = OWNERSHIP_DEPTH,
  budget = PATH_STEP_BUDGET,
): { totals: Map<List, number>; owners: Map<List, Set<string>>; complete: boolean } {
  const totals = new Map<List, number>();
  const owners = new Map<List, Set<string>>();
  const onPath = new Set<string>([root]);
  let steps = 0;
  const walk = (node: string, fraction: number, depth: number, blocked: ReadonlySet<List>): void => {
    for (const edge of up.get(node) ?? []) {
      if (edge.percentage === null || !(edge.percentage > 0) || onPath.has(edge.to)) continue;
      if (++steps > budget) return;
      const share = fraction * (Math.min(edge.percentage, 100) / 100);
      const lists = [...(listsOf(edge.to) ?? [])];
      let nextBlocked = blocked;
      if (lists.length) {
        nextBlocked = new Set(blocked);
        for (const list of lists) {
          if (blocked.has(list)) continue;
          totals.set(list, (totals.get(list) ?? 0) + share * 100);
          if (!owners.has(list)) owners.set(list, new Set());
          owners.get(list)!.add(edge.to);
          (nextBlocked as Set<List>).add(list);
        }
      }
      if (depth + 1 < maxDepth) {
        onPath.add(edge.to);
        walk(edge.to, share, depth + 1, nextBlocked);
        onPath.delete(edge.to);
      }
    }
  };
  walk(root, 1, 0, new Set());
  return { totals, owners, complete: steps <= budget };
}

/** Whether an aggregate share reaches the 50% rule (with a tolerance for float products). */
export const reachesFiftyPercent = (percent: number): boolean => percent >= 50 - 1e-9;

/** Entities within `maxDepth` hops of `root` along `adjacency` (root excluded), breadth first. */
export function reachable(root: string, adjacency: Adjacency, maxDepth = OWNERSHIP_DEPTH): Set<string> {
  const seen = new Set<string>([root]);
  let frontier = [root];
  for (let depth = 0; depth < maxDepth && frontier.length; depth++) {
    const next: string[] = [];
    for (const node of frontier) {
      for (const edge of adjacency.get(node) ?? []) {
        if (seen.has(edge.to)) continue;
        seen.add(edge.to);
        next.push(edge.to);
      }
    }
    frontier = next;
  }
  seen.delete(root);
  return seen;
}

// ---------------------------------------------------------------------------------------
// Derivation (pure)
// ---------------------------------------------------------------------------------------

export interface DeriveInput {
  id: string;
  direct: RiskMap;
  /** Direct risk of the risky one-hop neighbours. */
  adjacent: RiskMap[];
  /**
   * Risk of the possibly-same-as entities: their direct factors and those derived from their own
   * neighbourhood (no psa_ factors: a link of links is no evidence).
   */
  psa: RiskMap[];
  /** Upward (owned -> owner) and downward (owner -> owned) current ownership steps. */
  up: Adjacency;
  down: Adjacency;
  /** Direct risk of the family members met in `up` / `down` (src/domain/riskFamilies.ts). */
  directOf: (id: string) => RiskMap | undefined;
  maxDepth?: number;
}

export interface Derived { risk: RiskMap; rejected: string[]; partial: boolean }

/** The entity's risk: its direct factors plus every derived one; unknown names are rejected. */
export function deriveRisk(input: DeriveInput): Derived {
  const maxDepth = input.maxDepth ?? OWNERSHIP_DEPTH;
  const derived: RiskMap = {};
  const rejected: string[] = [];
  const put = (name: () => string, value: RiskValue['value'], countries: readonly string[]) => {
    let checked: string;
    try {
      checked = name();
    } catch (err) {
      if (err instanceof UnknownRiskFactorError) {
        rejected.push(err.message);
        return;
      }
      throw err;
    }
    const existing = derived[checked];
    derived[checked] = existing
      ? riskValue(checked, mergeValue(existing.value, value), union(existing.metadata.country, countries))
      : riskValue(checked, value, countries);
  };

  const familiesCache = new Map<string, Map<RiskFamily, string[]>>();
  const familiesOfEntity = (id: string): Map<RiskFamily, string[]> => {
    let found = familiesCache.get(id);
    if (!found) familiesCache.set(id, (found = familiesOf(input.directOf(id) ?? {})));
    return found;
  };

  // One hop.
  for (const n of input.adjacent) {
    for (const [family, countries] of familiesOf(n)) if (family.adjacent) put(() => family.adjacent!, PRESENT, countries);
  }

  // Possibly-same-as: every factor of such an entity but its own psa_ ones.
  for (const p of input.psa) {
    for (const [factor, v] of Object.entries(p)) {
      if (factor.startsWith('psa_') || !isRiskFactor(factor)) continue;
      put(() => factorNames.psa(factor), v.value, v.metadata?.country ?? []);
    }
  }

  // Ownership: members anywhere within maxDepth hops, and the 50% rule per family.
  const reach = (adjacency: Adjacency, slot: 'ownedBy' | 'ownerOf') => {
    for (const id of reachable(input.id, adjacency, maxDepth)) {
      for (const [family, countries] of familiesOfEntity(id)) {
        const name = family[slot];
        if (name) put(() => name, PRESENT, countries);
      }
    }
  };
  reach(input.up, 'ownedBy');
  reach(input.down, 'ownerOf');
  const fiftyPercentFamilies = (id: string) => [...familiesOfEntity(id).keys()].filter((f) => f.fiftyPercent);
  const { totals, owners, complete } = aggregateOwnership(input.id, input.up, fiftyPercentFamilies, maxDepth);
  for (const [family, total] of totals) {
    if (!reachesFiftyPercent(total)) continue;
    const countries = [...(owners.get(family) ?? [])].flatMap((o) => familiesOfEntity(o).get(family) ?? []);
    put(() => family.fiftyPercent!, Math.round(Math.min(total, 100) * 100) / 100, countries);
  }

  const risk: RiskMap = {};
  for (const [name, v] of Object.entries(input.direct)) {
    if (isRiskFactor(name)) risk[name] = v;
    else rejected.push(`unknown risk factor "${name}"`);
  }
  for (const [name, v] of Object.entries(derived)) if (!(name in risk)) risk[name] = v;
  return { risk, rejected, partial: !complete };
}

// ---------------------------------------------------------------------------------------
// Notifications (pure)
// ---------------------------------------------------------------------------------------

/**
 * One changed field. `values` holds the previous value of the field as the published client
 * reads it (RiskValue: a string, number or boolean; `[]` for an added field); the previous
 * entry in full (value, metadata, level) is `additional_information.value`, since a change of
 * countries or level alone leaves the scalar as it was.
 */
export interface RiskNotification {
  type: 'risk';
  field: string;
  values: (string | number | boolean)[];
  date: string;
  additional_information?: { properties: unknown[]; value: RiskValue };
}
/** The entity part of ProjectNotificationData (resource_id is the project entity's id). */
export interface EntityRiskChange {
  entity_id: string;
  notifications: RiskNotification[];
  risk_notifications: { added: string[]; removed: string[]; date: string };
}

/** What changed from `previous` to `next`; undefined when nothing did. */
export function riskChange(entityId: string, previous: RiskMap, next: RiskMap, date: string): EntityRiskChange | undefined {
  const added = Object.keys(next).filter((f) => !(f in previous)).sort();
  const removed = Object.keys(previous).filter((f) => !(f in next)).sort();
  const changed = Object.keys(next)
    .filter((f) => f in previous && canonicalRisk({ [f]: previous[f] }) !== canonicalRisk({ [f]: next[f] }))
    .sort();
  if (!added.length && !removed.length && !changed.length) return undefined;
  const notifications = [...added, ...removed, ...changed].sort().map((field): RiskNotification => (field in previous
    ? { type: 'risk', field, values: [previous[field].value], date, additional_information: { properties: [], value: previous[field] } }
    : { type: 'risk', field, values: [], date }));
  return { entity_id: entityId, notifications, risk_notifications: { added, removed, date } };
}

/** ProjectNotificationData as the feed stores and serves it. */
export interface ProjectNotificationData extends EntityRiskChange { resource_id: string; custom_fields?: Record<string, string> }

/** Where notifications go once their risk change is committed (src/feeds/notifications.ts). */
export interface NotificationSink {
  /** Idempotent: an item id delivered twice is stored once. */
  deliver(items: { id: string; projectId: string; score: number; data: ProjectNotificationData }[]): Promise<void>;
}

// ---------------------------------------------------------------------------------------
// Re-scoring against the graph
// ---------------------------------------------------------------------------------------

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
}

const emptyStats = (): RescoreStats => ({ requested: 0, scored: 0, written: 0, changed: 0, notifications: 0, rejected: 0 });

interface RootRow {
  id: string; direct: RiskMap; riskJson: string | null; factors: string[]; previous: RiskMap;
  stateRisk: string | null; stateHash: string | null; version: number;
}

/**
 * version, stateHash and stateRisk: the state the row was derived from, all compared when it
 * is written (apply-scores in cypher/risk.cypher says why).
 */
interface WriteRow {
  id: string; version: number; stateHash: string | null; stateRisk: string | null;
  hash: string; risk: string; factors: string[]; date: string; score: number; notify: string | null;
}

const UP_TYPES = UBO_TYPES.map(neo4jRelType).join('|');
const DOWN_TYPES = DOWNSTREAM_TYPES.map(neo4jRelType).join('|');
const BRANCH_OF = neo4jRelType('branch_of');

type Run = (query: string, params: Record<string, unknown>) => Promise<{ get(key: string): unknown }[]>;

const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

export interface ScorerOptions {
  chunkSize?: number;
  /** Chunks scored at the same time within one call (default SCORE_PARALLEL). */
  parallel?: number;
  maxDepth?: number;
  log?: (msg: string, details?: Record<string, unknown>) => void;
}

export class RiskScorer {
  private readonly chunkSize: number;
  private readonly parallel: number;
  private readonly maxDepth: number;
  private readonly log: NonNullable<ScorerOptions['log']>;

  constructor(private readonly graph: Graph, private readonly sink: NotificationSink, options: ScorerOptions = {}) {
    this.chunkSize = options.chunkSize ?? SCORE_CHUNK;
    this.parallel = Math.max(1, options.parallel ?? SCORE_PARALLEL);
    this.maxDepth = options.maxDepth ?? OWNERSHIP_DEPTH;
    this.log = options.log ?? (() => undefined);
  }

  /**
   * One job: deliver notifications left over by an interrupted run, expand the ids to every
   * entity whose derived factors may depend on them (unless the job lists every entity),
   * and score those.
   */
  async process(entityIds: string[], reason: string, progress?: (done: number, total: number) => Promise<void> | void): Promise<RescoreStats> {
    const leftover = await this.flushOutbox();
    const ids = reason === FULL_RESCORE_REASON ? [...new Set(entityIds)] : await this.neighbourhood(entityIds);
    const stats = await this.score(ids, { progress });
    stats.requested = entityIds.length;
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
    const seeds = [...new Set(entityIds)];
    const all = new Set(seeds);
    const today = todayUtc();
    await this.readTx(async (run) => {
      for (const batch of chunks(seeds, READ_BATCH)) {
        for (const row of await run(cypher('risk', 'one-hop'), { ids: batch, today })) all.add(row.get('id') as string);
      }
      for (const types of [UP_TYPES, DOWN_TYPES]) {
        const { adjacency } = await this.closure(run, seeds, types, today);
        for (const [from, edges] of adjacency) {
          all.add(from);
          for (const e of edges) all.add(e.to);
        }
      }
      // An entity's psa_ factors follow what its possibly-same-as entities derive.
      for (const batch of chunks([...all], READ_BATCH)) {
        for (const row of await run(cypher('risk', 'possibly-same-as'), { ids: batch })) for (const id of row.get('psa') as string[]) all.add(id);
      }
    });
    return [...all].sort();
  }

  /** Scores `ids` chunk by chunk; each chunk is one read and one compare-and-set write. */
  async score(ids: string[], options: { flush?: boolean; progress?: (done: number, total: number) => Promise<void> | void } = {}): Promise<RescoreStats> {
    const stats = emptyStats();
    const sorted = [...new Set(ids)].sort();
    let done = 0;
    const queue = chunks(sorted, this.chunkSize);
    // A few chunks in flight: they hold disjoint ids, and the compare-and-set covers the rest.
    const lane = async () => {
      for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
        const queued = await this.scoreChunk(chunk, stats);
        if (queued > 0 && options.flush !== false) stats.notifications += await this.flushOutbox();
        done += chunk.length;
        await options.progress?.(done, sorted.length);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.parallel, queue.length) }, lane));
    return stats;
  }

  /**
   * Reads, derives and writes one chunk. A row whose state changed since the read (another
   * worker got there first) is read and derived again, so the last write reflects a view that
   * saw the other one. Returns the number of notifications queued in the outbox.
   */
  private async scoreChunk(ids: string[], stats: RescoreStats): Promise<number> {
    let pending = ids;
    let queued = 0;
    for (let attempt = 1; pending.length && attempt <= CAS_ATTEMPTS; attempt++) {
      const rows = await this.derive(pending, stats, attempt === 1);
      if (!rows.length) return queued;
      const written = await this.graph.write(cypher('risk', 'apply-scores'), { rows });
      const applied = new Set<string>();
      for (const w of written) {
        applied.add(w.get('id') as string);
        queued += w.get('queued') as number;
      }
      stats.written += applied.size;
      stats.changed += rows.filter((r) => r.notify !== null && applied.has(r.id)).length;
      pending = rows.filter((r) => !applied.has(r.id)).map((r) => r.id);
      if (pending.length) this.log('risk state changed under us; scoring again', { ids: pending.length, attempt });
    }
    if (pending.length) throw new Error(`risk state of ${pending.length} entities kept changing during scoring; the job will be retried`);
    return queued;
  }

  /** The write rows for `ids`: only entities whose state or visible risk differs. */
  private async derive(ids: string[], stats: RescoreStats, count: boolean): Promise<WriteRow[]> {
    const today = todayUtc();
    const data = await this.readTx(async (run) => {
      const roots: RootRow[] = (await run(cypher('risk', 'roots'), { ids })).map((r) => {
        const riskJson = (r.get('risk') as string | null) ?? null;
        const stateRisk = r.get('state_risk') as string | null;
        return {
          id: r.get('id') as string,
          direct: parseRisk(r.get('direct')),
          riskJson,
          factors: (r.get('factors') as string[] | null) ?? [],
          // Never scored: the previous risk is what clients see now.
          previous: parseRisk(stateRisk ?? riskJson),
          stateRisk,
          stateHash: (r.get('state_hash') as string | null) ?? null,
          version: r.get('version') as number,
        };
      });
      const rootIds = roots.map((r) => r.id);
      const psa = new Map<string, string[]>();
      for (const batch of chunks(rootIds, READ_BATCH)) {
        for (const row of await run(cypher('risk', 'possibly-same-as'), { ids: batch })) psa.set(row.get('id') as string, row.get('psa') as string[]);
      }
      // A possibly-same-as entity passes on what it derives from its own neighbourhood too
      // (psa_owned_by_soe, ...): its neighbourhood is read like a root's.
      const psaIds = [...new Set([...psa.values()].flat())];
      const scope = [...new Set([...rootIds, ...psaIds])];
      const adjacent = new Map<string, string[]>();
      for (const batch of chunks(scope, READ_BATCH)) {
        for (const row of await run(cypher('risk', 'adjacent'), { ids: batch, today, members: FAMILY_MEMBER_FACTORS })) {
          adjacent.set(row.get('id') as string, row.get('neighbours') as string[]);
        }
      }
      const up = await this.closure(run, scope, UP_TYPES, today);
      const down = await this.closure(run, scope, DOWN_TYPES, today);
      const wanted = new Set<string>([...adjacent.values(), psaIds].flat());
      for (const id of [...up.members, ...down.members]) wanted.add(id);
      const directs = new Map<string, RiskMap>();
      for (const batch of chunks([...wanted], READ_BATCH)) {
        for (const row of await run(cypher('risk', 'node-risk'), { ids: batch })) directs.set(row.get('id') as string, parseRisk(row.get('direct')));
      }
      return { roots, adjacent, psa, up: up.adjacency, down: down.adjacency, directs };
    });

    const fromGraph = (id: string, direct: RiskMap, psa: RiskMap[]) => deriveRisk({
      id,
      direct,
      adjacent: (data.adjacent.get(id) ?? []).map((n) => data.directs.get(n) ?? {}),
      psa,
      up: data.up,
      down: data.down,
      directOf: (n) => data.directs.get(n),
      maxDepth: this.maxDepth,
    });
    // What each possibly-same-as entity carries apart from psa_ factors: direct and derived.
    const psaRisk = new Map<string, Derived>();
    const riskOfPsa = (id: string): Derived => {
      let found = psaRisk.get(id);
      if (!found) psaRisk.set(id, (found = fromGraph(id, data.directs.get(id) ?? {}, [])));
      return found;
    };

    const rows: WriteRow[] = [];
    const date = new Date().toISOString();
    for (const root of data.roots) {
      const psaOf = (data.psa.get(root.id) ?? []).map(riskOfPsa);
      const derived = fromGraph(root.id, root.direct, psaOf.map((d) => d.risk));
      if (psaOf.some((d) => d.partial)) derived.partial = true;
      if (count) {
        stats.scored += 1;
        stats.rejected += derived.rejected.length;
      }
      if (derived.rejected.length) this.log('risk factors rejected', { entity: root.id, rejected: derived.rejected });
      if (derived.partial) this.log('ownership paths over budget; 50% rule computed on a part', { entity: root.id });
      const canonical = canonicalRisk(derived.risk);
      const hash = riskHash(canonical);
      const factors = Object.keys(derived.risk).sort();
      const visibleUpToDate = root.riskJson === canonical && root.factors.length === factors.length && root.factors.every((f, i) => f === factors[i]);
      if (root.stateHash === hash && visibleUpToDate) continue;
      const change = root.stateHash === hash ? undefined : riskChange(root.id, root.previous, derived.risk, date);
      rows.push({
        id: root.id, version: root.version, stateHash: root.stateHash, stateRisk: root.stateRisk, hash, risk: canonical, factors, date, score: Date.parse(date),
        notify: change ? JSON.stringify(change) : null,
      });
    }
    return rows;
  }

  /**
   * Ownership steps within maxDepth hops of `roots` over `types`, breadth first with one
   * query per level for the whole chunk (each entity expanded once). Pair weights: the
   * largest known percentage of the parallel facts, `branch_of` 100%, else unknown.
   */
  private async closure(run: Run, roots: string[], types: string, today: string): Promise<{ adjacency: Adjacency; members: Set<string> }> {
    const adjacency: Adjacency = new Map();
    const members = new Set<string>();
    const expanded = new Set<string>(roots);
    let frontier = [...roots];
    const statement = cypher('risk', 'ownership-step').replaceAll('__TYPES__', types);
    for (let depth = 0; depth < this.maxDepth && frontier.length; depth++) {
      const next: string[] = [];
      const weights = new Map<string, Map<string, number | null>>();
      for (const batch of chunks(frontier, READ_BATCH)) {
        for (const row of await run(statement, { ids: batch, today, members: FAMILY_MEMBER_FACTORS })) {
          const from = row.get('from') as string;
          const to = row.get('to') as string;
          const type = row.get('type') as string;
          const pct = row.get('percentage') as number | null;
          const weight = pct ?? (type === BRANCH_OF ? 100 : null);
          if (row.get('member')) members.add(to);
          let byTo = weights.get(from);
          if (!byTo) weights.set(from, (byTo = new Map()));
          const known = byTo.get(to);
          byTo.set(to, known === undefined ? weight : weight === null ? known : known === null ? weight : Math.max(known, weight));
          if (!expanded.has(to)) {
            expanded.add(to);
            next.push(to);
          }
        }
      }
      for (const [from, byTo] of weights) adjacency.set(from, [...byTo].map(([to, percentage]) => ({ to, percentage })));
      frontier = next;
    }
    return { adjacency, members };
  }

  /**
   * Moves committed notifications from the Neo4j outbox to the feed, then deletes them from
   * the outbox. Delivery is idempotent by notification id, so a crash between the two steps
   * delivers again without a duplicate. Returns the number moved.
   */
  async flushOutbox(): Promise<number> {
    // One flush at a time per scorer (chunks in flight share it); other workers may flush the
    // same rows concurrently, which delivery by id makes harmless.
    const run = this.flushing.then(() => this.flushPending());
    this.flushing = run.catch(() => undefined);
    return run;
  }

  private flushing: Promise<unknown> = Promise.resolve();

  private async flushPending(): Promise<number> {
    let moved = 0;
    for (;;) {
      const rows = await this.graph.read(cypher('risk', 'outbox-pending'), { limit: neo4j.int(500) });
      if (!rows.length) return moved;
      const items = rows.map((r) => {
        const change = JSON.parse(r.get('payload') as string) as EntityRiskChange;
        const custom = r.get('custom_fields') as string | null;
        return {
          id: r.get('id') as string,
          projectId: r.get('project_id') as string,
          score: r.get('score') as number,
          // The saved entity's custom fields, as the spec's ProjectNotificationData carries them.
          data: { resource_id: r.get('resource_id') as string, ...change, ...(custom ? { custom_fields: JSON.parse(custom) as Record<string, string> } : {}) },
        };
      });
      await this.sink.deliver(items);
      await this.graph.write(cypher('risk', 'outbox-delete'), { ids: items.map((i) => i.id) });
      moved += items.length;
    }
  }

  /** One read transaction (one view of the graph) with the worker's longer time limit. */
  private async readTx<T>(work: (run: Run) => Promise<T>): Promise<T> {
    const session = this.graph.session('READ');
    try {
      return await session.executeRead((tx: ManagedTransaction) => work(async (q, p) => (await tx.run(q, p)).records), { timeout: READ_TIMEOUT_MS });
    } finally {
      await session.close();
    }
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

// ---------------------------------------------------------------------------------------
// Reading a project's notifications
// ---------------------------------------------------------------------------------------

/** The feed side the HTTP routes need (src/feeds/notifications.ts). */
export interface NotificationFeedReader {
  page(projectId: string, offset: number, limit: number): Promise<{ total: number; data: ProjectNotificationData[] }>;
  clear(projectId: string): Promise<void>;
}

export class ProjectNotificationService {
  constructor(private readonly graph: Graph, private readonly feed: NotificationFeedReader) {}

  private async project(id: string): Promise<ProjectAccess | undefined> {
    const [row] = await this.graph.read(cypher('notifications', 'project-access'), { id });
    return row ? (row.get('project') as ProjectAccess) : undefined;
  }

  /** Newest first (`-date`); 404 when the project does not exist for the caller. */
  async list(projectId: string, principal: Principal, paging: { offset: number; limit: number }) {
    requireRole(await this.project(projectId), projectId, principal, 'viewer');
    const { total, data } = await this.feed.page(projectId, paging.offset, paging.limit);
    return { offset: paging.offset, limit: paging.limit, next: paging.offset + data.length < total, size: exact(total), data };
  }

  /** Deletes every notification of the project (a delete: the admin role; 409 once archived, as every change). */
  async clear(projectId: string, principal: Principal): Promise<void> {
    const project = await this.project(projectId);
    requireRole(project, projectId, principal, 'admin');
    if (project!.archived) throw archivedConflict(projectId);
    await this.feed.clear(projectId);
  }
}

/** Notifications committed to Neo4j and not yet moved to the feed (tests, tools). */
export async function outboxSize(graph: Graph): Promise<number> {
  const [row] = await graph.read(cypher('risk', 'outbox-count'));
  return row.get('n') as number;
}
