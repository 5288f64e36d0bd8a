/**
 * The member reach: every ownership step a derived factor can use, read once for the whole graph
 * by searching back from the risk family members instead of out from each entity scored.
 *
 * A derived ownership factor of a root follows a path of at most maxDepth steps to a member, and
 * every step a -> b of such a path has b within maxDepth - 1 steps of that member. Searching back
 * maxDepth levels from the members (up targets over the upward types, down targets over the
 * downward ones) reads exactly the steps with that property: all the steps any root's derivation
 * takes, and none of the many that lead to no member. At 1M entities that is about a tenth of
 * what searching out from one change's neighbourhood read (docs/benchmarks.md).
 *
 * The reach is shared by the groups that score one change, which is safe only while the graph it
 * was read from is the one each group would read after its risk states (the compare-and-set
 * needs the graph read after the state: cypher/risk.cypher apply-scores). Ingest and import write
 * a new graph epoch token in each of their transactions; the reach keeps the token read before
 * and after it was searched (a write committed in between leaves no token to keep), and a group
 * uses it only when it reads the same token after its states. Otherwise the group searches
 * again in its own transaction, which is as safe as any read made after the states.
 */
import { FAMILY_MEMBER_FACTORS } from '../../domain/riskFamilies';
import { cypher, statement } from '../../graph/cypherFiles';
import { DOWN_TYPES, READ_BATCH, UP_TYPES, addStep, chunks, keepWeights, type Neighbour, type Run, type Weights } from './chunkRead';
import { nearTargets, parseRisk, reachTargets, type Adjacency, type Near, type RiskMap } from './derivation';
import { pairKey, shownFact, type FactRow, type StepFact } from './explanation';

export interface MemberReach {
  /** Steps up and down whose far end reaches a target within maxDepth - 1 steps, weighted as ownershipClosure weighs them. */
  up: Adjacency;
  down: Adjacency;
  /** Direct risk of every member. */
  directs: Map<string, RiskMap>;
  /** Hops to the nearest target, up and down (nearTargets). */
  near: { up: Near; down: Near };
  /** The fact an explanation shows for each step of `up` and `down` (pairKey; a step both ways shows its downward one). */
  steps: Map<string, StepFact>;
  /** Labels of the members and of the entities the steps start from. */
  labels: Map<string, string>;
  /** The member neighbours of each entity one current fact away from one (any type, possibly-same-as excluded), in id order. */
  adjacent: Map<string, Neighbour[]>;
}

/** The graph epoch token (cypher/risk.cypher graph-epoch), null when no ingest wrote one yet. */
export async function graphEpoch(run: Run): Promise<string | null> {
  const [row] = await run(cypher('risk', 'graph-epoch'), {});
  return (row?.get('token') as string | null | undefined) ?? null;
}

/** Reads the member reach in the transaction of `run`. */
export async function readMemberReach(run: Run, today: string, maxDepth: number): Promise<MemberReach> {
  const directs = new Map<string, RiskMap>();
  const labels = new Map<string, string>();
  for (const row of await run(cypher('risk', 'reach-members'), {})) {
    const direct = parseRisk(row.get('direct'));
    if (!Object.keys(direct).some((f) => FAMILY_MEMBER_FACTORS.includes(f))) continue;
    directs.set(row.get('id') as string, direct);
    if (row.get('label')) labels.set(row.get('id') as string, row.get('label') as string);
  }
  const targets = reachTargets(directs.keys(), (id) => directs.get(id));
  const steps = new Map<string, StepFact>();
  const up = await searchBack(run, targets.up, UP_TYPES, today, maxDepth, steps, labels);
  // Downward last: a step both ways shows its downward fact (readShown's rule).
  const down = await searchBack(run, targets.down, DOWN_TYPES, today, maxDepth, steps, labels);
  const adjacent = new Map<string, Neighbour[]>();
  for (const batch of chunks([...directs.keys()], READ_BATCH)) {
    for (const row of await run(cypher('risk', 'adjacent-back'), { ids: batch, today })) {
      const id = row.get('id') as string;
      let neighbours = adjacent.get(id);
      if (!neighbours) adjacent.set(id, (neighbours = []));
      neighbours.push({ id: row.get('member') as string, step: shownFact(row.get('facts') as FactRow[]) });
    }
  }
  for (const neighbours of adjacent.values()) neighbours.sort((a, b) => (a.id < b.id ? -1 : 1));
  return {
    up, down, directs, steps, labels, adjacent,
    near: { up: nearTargets(up, targets.up, maxDepth), down: nearTargets(down, targets.down, maxDepth) },
  };
}

/**
 * maxDepth levels back from `targets` over `types`: each entity's steps in are read once, when
 * it is first met. Adds the shown fact of each step to `steps` and the labels met to `labels`.
 */
async function searchBack(
  run: Run, targets: string[], types: string, today: string, maxDepth: number, steps: Map<string, StepFact>, labels: Map<string, string>,
): Promise<Adjacency> {
  const weights: Weights = new Map();
  const facts = new Map<string, FactRow[]>();
  const met = new Set(targets);
  const query = statement('risk', 'ownership-step-back', { TYPES: types });
  let frontier = [...met];
  for (let depth = 0; depth < maxDepth && frontier.length; depth++) {
    const next: string[] = [];
    for (const batch of chunks(frontier, READ_BATCH)) {
      for (const row of await run(query, { ids: batch, today })) {
        const from = row.get('from') as string;
        const to = row.get('to') as string;
        const type = row.get('type') as string;
        addStep(weights, from, to, type, row.get('percentage') as number | null);
        const key = pairKey(from, to);
        if (!facts.has(key)) facts.set(key, []);
        facts.get(key)!.push(...(row.get('facts') as FactRow[]).map((f) => ({ ...f, type })));
        if (row.get('label')) labels.set(from, row.get('label') as string);
        if (!met.has(from)) {
          met.add(from);
          next.push(from);
        }
      }
    }
    frontier = next;
  }
  const adjacency: Adjacency = new Map();
  keepWeights(adjacency, weights);
  for (const [from, edges] of adjacency) for (const e of edges) steps.set(pairKey(from, e.to), shownFact(facts.get(pairKey(from, e.to))!, e.percentage)!);
  return adjacency;
}

interface Kept { reach: MemberReach; token: string; today: string }

/**
 * The member reach shared by the groups a scorer reads (see the module comment for why a group
 * may use one it did not read itself). One search at a time: groups that need a new reach while
 * one is read wait for it, then check its token against their own.
 */
export class MemberReachCache {
  private kept: Kept | undefined;
  private reading: Promise<Kept | undefined> | undefined;

  constructor(private readonly maxDepth: number) {}

  /** The reach for a group whose risk states `run`'s transaction has read already. */
  async get(run: Run, today: string): Promise<MemberReach> {
    // Read after the group's states: a reach read under the same token holds for the group.
    const token = await graphEpoch(run);
    const fits = (kept: Kept | undefined): kept is Kept => kept !== undefined && kept.today === today && kept.token === token;
    if (fits(this.kept)) return this.kept.reach;
    if (this.reading) {
      const awaited = await this.reading.catch(() => undefined);
      if (fits(awaited)) return awaited.reach;
    }
    let read: MemberReach | undefined;
    const reading = (async () => {
      const before = await graphEpoch(run);
      read = await readMemberReach(run, today, this.maxDepth);
      const after = await graphEpoch(run);
      // Tokens equal: no ingest or import committed while the search ran.
      return before !== null && before === after ? { reach: read, token: after, today } : undefined;
    })();
    this.reading = reading;
    try {
      const fresh = await reading;
      if (fresh) this.kept = fresh;
    } finally {
      if (this.reading === reading) this.reading = undefined;
    }
    return read!;
  }
}
