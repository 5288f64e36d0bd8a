/**
 * What scoring a group reads, in one read transaction (one view of the graph): the group's
 * entities and risk states; the ownership steps, member neighbours and the facts and labels
 * explanations show come from the member reach (./memberReach.ts), and the possibly-same-as
 * entities with their direct risk and labels from the possibly-same-as table (./psaTable.ts),
 * both taken after the states. Then (readLabels) the labels the
 * explanations show that the reach does not hold. The derivation (./derivation.ts) works on this alone.
 */
import { DOWNSTREAM_TYPES, UBO_TYPES, neo4jRelType } from '../../domain/relationships';
import { cypher, statement } from '../../graph/cypherFiles';
import { parseRisk, type Adjacency, type Near, type RiskMap } from './derivation';
import type { MemberReach, Neighbour, PsaTable, Run, StepFact, StepFacts } from './types';
export type { Neighbour, Run } from './types';

/** Ids per statement of a read. */
export const READ_BATCH = 2000;

export const UP_TYPES = UBO_TYPES.map(neo4jRelType).join('|');
export const DOWN_TYPES = DOWNSTREAM_TYPES.map(neo4jRelType).join('|');
const BRANCH_OF = neo4jRelType('branch_of');


export const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

export interface RootRow {
  id: string; direct: RiskMap; riskJson: string | null; factors: string[];
  /** A project may match the entity (cypher/risk.cypher roots): only then are `previous` and `stateRisk` read. */
  matched: boolean;
  previous: RiskMap;
  stateRisk: string | null; stateHash: string | null; version: number;
  /** The hash of the state's explanation; without one (a state an older build wrote), its text. */
  stateExplanationHash: string | null; stateExplanation: string | null;
  /** The hash of the explanation the entity shows; without one, its text (null: it shows none). */
  shownExplanationHash: string | null; shownExplanation: string | null;
}


export interface ChunkRead {
  roots: RootRow[];
  /** Each entity's member neighbours in id order (shared by the groups: read only). */
  adjacent: ReadonlyMap<string, Neighbour[]>;
  /** The possibly-same-as entities of the roots that have any (read only). */
  psa: ReadonlyMap<string, readonly string[]>;
  up: Adjacency;
  down: Adjacency;
  /** The fact shown for every step of `up` and `down` (pairKey), from the reach (read only). */
  steps: StepFacts;
  /** Direct risk of the members and of the possibly-same-as entities. */
  directs: { get(id: string): RiskMap | undefined };
  /** Labels readLabels read. */
  labels: Map<string, string>;
  /** Labels of the possibly-same-as entities, from the table (read only). */
  psaLabels: ReadonlyMap<string, string>;
  /** Labels of the members and of the entities the steps start from, from the reach (read only). */
  reachLabels: ReadonlyMap<string, string>;
  /** Hops to the nearest target along `up` and `down` (nearTargets). */
  near: { up: Near; down: Near };
}

/** What a group shares with the others while the graph epoch stays. */
export interface Shared { reach: MemberReach; psa: PsaTable }

/**
 * Reads what scoring `ids` needs; `sharedOf` gives the member reach and the possibly-same-as
 * table, asked in this transaction once the risk states are read.
 */
export async function readChunk(run: Run, ids: string[], sharedOf: (run: Run) => Promise<Shared>): Promise<ChunkRead> {
  const roots: RootRow[] = (await run(cypher('risk', 'roots'), { ids })).map((r) => {
    const riskJson = (r.get('risk') as string | null) ?? null;
    const stateRisk = r.get('state_risk') as string | null;
    const matched = r.get('matched') as boolean;
    return {
      id: r.get('id') as string,
      direct: parseRisk(r.get('direct')),
      riskJson,
      factors: (r.get('factors') as string[] | null) ?? [],
      matched,
      // No state: created by the ingest behind this job, so what clients see now is all they
      // saw (an entity shown before gets a baseline state from ingest, cypher/ingest.cypher).
      previous: matched ? parseRisk(stateRisk ?? riskJson) : {},
      stateRisk,
      stateHash: (r.get('state_hash') as string | null) ?? null,
      version: r.get('version') as number,
      stateExplanationHash: (r.get('state_explanation_hash') as string | null) ?? null,
      stateExplanation: (r.get('state_explanation') as string | null) ?? null,
      shownExplanationHash: (r.get('shown_explanation_hash') as string | null) ?? null,
      shownExplanation: (r.get('shown_explanation') as string | null) ?? null,
    };
  });
  const { reach, psa: table } = await sharedOf(run);
  // A possibly-same-as entity passes on what it derives from its own neighbourhood too
  // (psa_owned_by_soe, ...): its neighbourhood is read like a root's, from the reach.
  const psa = new Map<string, readonly string[]>();
  for (const root of roots) {
    const same = table.links.get(root.id);
    if (same) psa.set(root.id, same);
  }
  return {
    roots, adjacent: reach.adjacent, psa, up: reach.up, down: reach.down, steps: reach.steps,
    directs: { get: (id) => reach.directs.get(id) ?? table.directs.get(id) },
    labels: new Map(), reachLabels: reach.labels, psaLabels: table.labels, near: reach.near,
  };
}

/** The label of `id` that `data` holds, read with the group, with the reach or with the possibly-same-as table. */
export const labelOf = (data: ChunkRead, id: string): string | undefined => data.labels.get(id) ?? data.reachLabels.get(id) ?? data.psaLabels.get(id);

/** Reads, in the same transaction as `data`, the labels of `ids` it does not know yet. */
export async function readLabels(run: Run, data: ChunkRead, ids: string[]): Promise<void> {
  const unlabelled = [...new Set(ids)].filter((id) => labelOf(data, id) === undefined);
  for (const batch of chunks(unlabelled, READ_BATCH)) {
    for (const row of await run(cypher('risk', 'labels'), { ids: batch })) {
      if (row.get('label')) data.labels.set(row.get('id') as string, row.get('label') as string);
    }
  }
}

/** Pair weights by from and to: the largest known percentage of the parallel facts, `branch_of` 100%, else unknown. */
export type Weights = Map<string, Map<string, number | null>>;

export function addStep(weights: Weights, from: string, to: string, type: string, pct: number | null): void {
  const weight = pct ?? (type === BRANCH_OF ? 100 : null);
  let byTo = weights.get(from);
  if (!byTo) weights.set(from, (byTo = new Map()));
  const known = byTo.get(to);
  byTo.set(to, known === undefined ? weight : weight === null ? known : known === null ? weight : Math.max(known, weight));
}

/** Puts the steps of `weights` in `adjacency`, one edge per (from, to). */
export function keepWeights(adjacency: Adjacency, weights: Weights): void {
  for (const [from, byTo] of weights) adjacency.set(from, [...byTo].map(([to, percentage]) => ({ to, percentage })));
}

/**
 * Ownership steps within maxDepth hops of `roots` over `types`, breadth first with one
 * query per level for the whole set (each entity expanded once), weighted as addStep weighs
 * them: the re-scoring neighbourhood, which needs every entity in reach. `keep`, when given,
 * picks the entities of each level to search on from (the others are reached, not expanded).
 */
export async function ownershipClosure(
  run: Run, roots: string[], types: string, today: string, maxDepth: number,
  keep?: (ids: string[], hopsLeft: number) => Promise<string[]>,
): Promise<Adjacency> {
  const adjacency: Adjacency = new Map();
  const expanded = new Set<string>(roots);
  let frontier = [...roots];
  const step = statement('risk', 'ownership-step', { TYPES: types });
  for (let depth = 0; depth < maxDepth && frontier.length; depth++) {
    const next: string[] = [];
    const weights: Weights = new Map();
    if (keep) frontier = await keep(frontier, maxDepth - depth);
    for (const batch of chunks(frontier, READ_BATCH)) {
      for (const row of await run(step, { ids: batch, today })) {
        const to = row.get('to') as string;
        addStep(weights, row.get('from') as string, to, row.get('type') as string, row.get('percentage') as number | null);
        if (!expanded.has(to)) {
          expanded.add(to);
          next.push(to);
        }
      }
    }
    keepWeights(adjacency, weights);
    frontier = next;
  }
  return adjacency;
}
