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
 * The reach is shared by the groups that score one change while the graph epoch stays
 * (./epochCache.ts says when that is safe): the scorer starts reading it while a job finds its
 * neighbourhood.
 */
import { cypher, statement } from '../../graph/cypherFiles';
import { DOWN_TYPES, READ_BATCH, UP_TYPES, addStep, chunks, keepWeights, type Neighbour, type Run, type Weights } from './chunkRead';
import { familiesOf, parseRisk, reachTargets, type Adjacency, type Near, type RiskMap } from './derivation';
import { EpochCache, type InReadTx } from './epochCache';

export type { InReadTx } from './epochCache';
import { pairKey, shownFact } from './explanation';
import type { FactRow, MemberReach, StepFact, StepFacts } from './types';
export type { MemberReach, StepFacts } from './types';


/**
 * Reads the member reach: the members, then the searches up and down and the neighbours at the
 * same time, each in a read transaction of its own (what one reads does not depend on another's).
 */
export async function readMemberReach(inTx: InReadTx, today: string, maxDepth: number): Promise<MemberReach> {
  const directs = new Map<string, RiskMap>();
  const labels = new Map<string, string>();
  await inTx(async (run) => {
    for (const row of await run(cypher('risk', 'reach-members'), {})) {
      const direct = parseRisk(row.get('direct'));
      if (!familiesOf(direct).size) continue;
      directs.set(row.get('id') as string, direct);
      if (row.get('label')) labels.set(row.get('id') as string, row.get('label') as string);
    }
  });
  const targets = reachTargets(directs.keys(), (id) => directs.get(id));
  const [up, down, adjacent] = await Promise.all([
    inTx((run) => searchBack(run, targets.up, UP_TYPES, today, maxDepth, labels)),
    inTx((run) => searchBack(run, targets.down, DOWN_TYPES, today, maxDepth, labels)),
    inTx((run) => memberNeighbours(run, [...directs.keys()], today)),
  ]);
  return {
    up: up.adjacency, down: down.adjacency, directs, labels, adjacent,
    // A step both ways shows its downward fact (as the explanations always showed it).
    steps: new StepTable([down, up]),
    near: { up: up.near, down: down.near },
  };
}


/** A step's facts as read, by type, and its ends. */
interface StepRead { from: string; to: string; byType: { type: string; facts: FactRow[] }[] }

/** What one search back read. */
interface Searched { adjacency: Adjacency; weights: Weights; steps: Map<string, StepRead>; near: Near }

/**
 * The shown facts of the searches' steps, the first search that has a step giving its fact,
 * each picked (shownFact) when an explanation first asks for it: explanations show few of the
 * steps, and picking every one held up every group of a change while the reach was finished.
 */
class StepTable implements StepFacts {
  private readonly shown = new Map<string, StepFact | undefined>();

  constructor(private readonly searches: readonly Searched[]) {}

  get(key: string): StepFact | undefined {
    if (this.shown.has(key)) return this.shown.get(key);
    let fact: StepFact | undefined;
    for (const { steps, weights } of this.searches) {
      const step = steps.get(key);
      if (!step) continue;
      const facts = step.byType.flatMap(({ type, facts }) => facts.map((f) => ({ ...f, type })));
      fact = shownFact(facts, weights.get(step.from)!.get(step.to)!);
      break;
    }
    this.shown.set(key, fact);
    return fact;
  }
}

/** The member neighbours of every entity one current fact from one of `members` (adjacent-back), in id order. */
async function memberNeighbours(run: Run, members: string[], today: string): Promise<Map<string, Neighbour[]>> {
  const adjacent = new Map<string, Neighbour[]>();
  for (const batch of chunks(members, READ_BATCH)) {
    for (const row of await run(cypher('risk', 'adjacent-back'), { ids: batch, today })) {
      const id = row.get('id') as string;
      let neighbours = adjacent.get(id);
      if (!neighbours) adjacent.set(id, (neighbours = []));
      neighbours.push({ id: row.get('member') as string, step: shownFact(row.get('facts') as FactRow[]) });
    }
  }
  for (const neighbours of adjacent.values()) neighbours.sort((a, b) => (a.id < b.id ? -1 : 1));
  return adjacent;
}

/**
 * maxDepth levels back from `targets` over `types`: each entity's steps in are read once, when
 * it is first met. With the facts of each step, each entity's hops to the nearest target (the
 * level it was first met at: the search is nearTargets' breadth-first search, run in the
 * graph), and the labels of the entities met, put in `labels`.
 */
async function searchBack(
  run: Run, targets: string[], types: string, today: string, maxDepth: number, labels: Map<string, string>,
): Promise<Searched> {
  const weights: Weights = new Map();
  const steps = new Map<string, StepRead>();
  const near = new Map<string, number>();
  for (const t of targets) near.set(t, 0);
  const query = statement('risk', 'ownership-step-back', { TYPES: types });
  let frontier = [...near.keys()];
  for (let depth = 0; depth < maxDepth && frontier.length; depth++) {
    const next: string[] = [];
    for (const batch of chunks(frontier, READ_BATCH)) {
      for (const row of await run(query, { ids: batch, today })) {
        const from = row.get('from') as string;
        const to = row.get('to') as string;
        const type = row.get('type') as string;
        addStep(weights, from, to, type, row.get('percentage') as number | null);
        const key = pairKey(from, to);
        let step = steps.get(key);
        if (!step) steps.set(key, (step = { from, to, byType: [] }));
        step.byType.push({ type, facts: row.get('facts') as FactRow[] });
        if (row.get('label')) labels.set(from, row.get('label') as string);
        if (!near.has(from)) {
          near.set(from, depth + 1);
          next.push(from);
        }
      }
    }
    frontier = next;
  }
  const adjacency: Adjacency = new Map();
  keepWeights(adjacency, weights);
  return { adjacency, weights, steps, near };
}

/** The member reach shared by the groups a scorer reads, while the graph epoch stays. */
export class MemberReachCache extends EpochCache<MemberReach> {
  constructor(maxDepth: number, inTx: InReadTx) {
    super(inTx, (today) => readMemberReach(inTx, today, maxDepth));
  }
}
