/**
 * The re-scoring neighbourhood of a change: the changed entities plus those whose derived factors
 * may change with them. One hop over any current fact (adjacency factors), OWNERSHIP_DEPTH hops
 * up and down the ownership types (a changed owner changes what it owns, and the reverse), then
 * the possibly-same-as entities of all those (their psa_ factors follow what those derive).
 *
 * Where a changed entity is a member now (a target of the member reach in that direction), the
 * entities within reach of it are those the reach's search back from the members met through it
 * (./memberReach.ts reads every step into an entity within maxDepth - 1 of a target, so a walk
 * back from one target over the reach's steps is the graph search from it): walked in memory,
 * not searched in the graph again. Ingest writes every fact with its inverse, so the entities a
 * target owns (down the graph) are those whose upward steps lead to it, and its owners those whose
 * downward steps do. Where it is not a member now (it may have been one before the change), the
 * graph is searched from it, while the reach is still being read.
 */
import { cypher } from '../../graph/cypherFiles';
import { DOWN_TYPES, READ_BATCH, UP_TYPES, chunks, ownershipClosure, type Run } from './chunkRead';
import { parseRisk, reachTargets, type Adjacency, type RiskMap } from './derivation';
import type { MemberReach } from './memberReach';
import type { PsaTable } from './psaTable';

/**
 * The ids of an ownership search's frontier (`direction` up or down, `hopsLeft` hops still to
 * search from them) this job expands; another job of the same change expanded the others with
 * as many hops left or more, so everything past them is in that job's neighbourhood.
 */
export type Expand = (direction: 'up' | 'down', ids: string[], hopsLeft: number) => Promise<string[]>;

export interface NeighbourhoodInput {
  today: string;
  maxDepth: number;
  /** The member reach that holds at this transaction's point (asked once the non-members are searched). */
  reach: () => Promise<MemberReach>;
  /** The possibly-same-as table that holds at this transaction's point. */
  psa: () => Promise<PsaTable>;
  /** Where the graph searches stop for another job of the same change (ChangeShare). */
  expand?: Expand;
}

/**
 * The neighbourhood of `seeds` in the order it was found (the seeds, their one-hop neighbours,
 * the ownership levels, the possibly-same-as entities), read in the transaction `run` belongs to.
 */
export async function neighbourhood(run: Run, seeds: string[], input: NeighbourhoodInput): Promise<string[]> {
  const { today, maxDepth, expand } = input;
  const unique = [...new Set(seeds)];
  const all = new Set(unique);
  const directs = new Map<string, RiskMap>();
  for (const batch of chunks(unique, READ_BATCH)) {
    for (const row of await run(cypher('risk', 'one-hop'), { ids: batch, today })) all.add(row.get('id') as string);
    for (const row of await run(cypher('risk', 'direct-risk'), { ids: batch })) directs.set(row.get('id') as string, parseRisk(row.get('direct')));
  }
  const members = reachTargets(unique, (id) => directs.get(id));
  // Up the graph (a seed's owners) are the entities whose downward steps lead to it: the reach's
  // `down` search, from the ownerOf targets; down the graph, its `up` search, from the ownedBy ones.
  const directions = [
    { direction: 'up', types: UP_TYPES, back: 'down', members: new Set(members.down) },
    { direction: 'down', types: DOWN_TYPES, back: 'up', members: new Set(members.up) },
  ] as const;
  const search = async (direction: 'up' | 'down', types: string, from: string[]) => {
    const keep = expand && ((ids: string[], hopsLeft: number) => expand(direction, ids, hopsLeft));
    for (const [id, edges] of await ownershipClosure(run, from, types, today, maxDepth, keep)) {
      all.add(id);
      for (const e of edges) all.add(e.to);
    }
  };
  // The seeds that are not members are searched while the reach is still being read.
  for (const { direction, types, members: walked } of directions) await search(direction, types, unique.filter((id) => !walked.has(id)));
  const reach = await input.reach();
  for (const { direction, types, back, members: walked } of directions) {
    // A member the reach does not have as a target (an ingest committed between the two reads) is searched.
    const [inReach, notInReach] = partition([...walked], (id) => reach.near[back].get(id) === 0);
    for (const id of walkBack(reach[back], inReach, maxDepth)) all.add(id);
    await search(direction, types, notInReach);
  }
  const { links } = await input.psa();
  for (const id of [...all]) for (const same of links.get(id) ?? []) all.add(same);
  return [...all];
}

const partition = <T>(items: T[], test: (item: T) => boolean): [T[], T[]] => [items.filter(test), items.filter((i) => !test(i))];

/** The entities within `maxDepth` steps of `targets` walking `steps` backwards, breadth first (targets first). */
function walkBack(steps: Adjacency, targets: readonly string[], maxDepth: number): string[] {
  if (!targets.length) return [];
  const into = stepsInto(steps);
  const met = new Set(targets);
  let frontier = [...met];
  for (let depth = 0; depth < maxDepth && frontier.length; depth++) {
    const next: string[] = [];
    for (const to of frontier) {
      for (const from of into.get(to) ?? []) {
        if (met.has(from)) continue;
        met.add(from);
        next.push(from);
      }
    }
    frontier = next;
  }
  return [...met];
}

/** The steps of a reach by the entity they lead to, built once per reach (the jobs of a change share it). */
function stepsInto(steps: Adjacency): ReadonlyMap<string, readonly string[]> {
  let into = intoOf.get(steps);
  if (!into) {
    const built = new Map<string, string[]>();
    for (const [from, edges] of steps) {
      for (const { to } of edges) {
        let froms = built.get(to);
        if (!froms) built.set(to, (froms = []));
        froms.push(from);
      }
    }
    intoOf.set(steps, (into = built));
  }
  return into;
}
const intoOf = new WeakMap<Adjacency, ReadonlyMap<string, readonly string[]>>();
