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
 * uses it only when it reads the same token after its states: no ingest committed from the
 * search's start to that read, so the reach is the graph as it was after the states, whenever it
 * was read. Otherwise the group has the reach searched again, after its states, and uses that.
 * So a reach may be read before any state: the scorer starts one while a job finds its
 * neighbourhood.
 */
import { cypher, statement } from '../../graph/cypherFiles';
import { DOWN_TYPES, READ_BATCH, UP_TYPES, addStep, chunks, keepWeights, type Neighbour, type Run, type Weights } from './chunkRead';
import { familiesOf, nearTargets, parseRisk, reachTargets, type Adjacency, type Near, type RiskMap } from './derivation';
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

/** Runs `work` in a read transaction of its own. */
export type InReadTx = <T>(work: (run: Run) => Promise<T>) => Promise<T>;

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
    inTx((run) => searchBack(run, targets.up, UP_TYPES, today, maxDepth)),
    inTx((run) => searchBack(run, targets.down, DOWN_TYPES, today, maxDepth)),
    inTx((run) => memberNeighbours(run, [...directs.keys()], today)),
  ]);
  // A step both ways shows its downward fact (as the explanations always showed it).
  const steps = new Map([...up.steps, ...down.steps]);
  for (const [id, label] of [...up.labels, ...down.labels]) labels.set(id, label);
  return {
    up: up.adjacency, down: down.adjacency, directs, steps, labels, adjacent,
    near: { up: nearTargets(up.adjacency, targets.up, maxDepth), down: nearTargets(down.adjacency, targets.down, maxDepth) },
  };
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
 * it is first met. With the fact each step shows and the labels of the entities met.
 */
async function searchBack(
  run: Run, targets: string[], types: string, today: string, maxDepth: number,
): Promise<{ adjacency: Adjacency; steps: Map<string, StepFact>; labels: Map<string, string> }> {
  const weights: Weights = new Map();
  const facts = new Map<string, FactRow[]>();
  const labels = new Map<string, string>();
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
  const steps = new Map<string, StepFact>();
  for (const [from, edges] of adjacency) for (const e of edges) steps.set(pairKey(from, e.to), shownFact(facts.get(pairKey(from, e.to))!, e.percentage)!);
  return { adjacency, steps, labels };
}

interface Kept { reach: MemberReach; token: string; today: string }

/**
 * The member reach shared by the groups a scorer reads (see the module comment for why a group
 * may use one read before its states). One search at a time: a group that needs a reach while
 * one is read waits for it, then checks its token against its own.
 */
export class MemberReachCache {
  private kept: Kept | undefined;
  private reading: Promise<{ reach: MemberReach; kept: Kept | undefined }> | undefined;

  constructor(private readonly maxDepth: number, private readonly inTx: InReadTx) {}

  /** Starts reading the reach for `today` unless one is being read (a group asks for it later). */
  prefetch(today: string): void {
    if (!this.reading) this.search(today).catch(() => undefined);
  }

  /** The reach for a group whose risk states `run`'s transaction has read already. */
  async get(run: Run, today: string): Promise<MemberReach> {
    // Read after the group's states: a reach read under the same token holds for the group.
    const token = await graphEpoch(run);
    const fits = (kept: Kept | undefined): kept is Kept => kept !== undefined && kept.today === today && kept.token === token;
    if (fits(this.kept)) return this.kept.reach;
    if (this.reading) {
      const awaited = await this.reading.catch(() => undefined);
      if (fits(awaited?.kept)) return awaited.kept.reach;
    }
    // Searched from now on, after the group's states: what it reads holds for the group.
    return (await this.search(today, true)).reach;
  }

  /**
   * Reads the reach (or takes the kept one when the token has not moved, unless `fresh`), and
   * keeps it when no ingest committed while it was read.
   */
  private search(today: string, fresh = false): Promise<{ reach: MemberReach; kept: Kept | undefined }> {
    const reading = (async () => {
      const before = await this.inTx(graphEpoch);
      if (!fresh && this.kept && this.kept.token === before && this.kept.today === today) return { reach: this.kept.reach, kept: this.kept };
      const reach = await readMemberReach(this.inTx, today, this.maxDepth);
      const after = await this.inTx(graphEpoch);
      // Tokens equal: no ingest or import committed while the search ran.
      const kept = before !== null && before === after ? { reach, token: after, today } : undefined;
      if (kept) this.kept = kept;
      return { reach, kept };
    })();
    this.reading = reading;
    const done = () => {
      if (this.reading === reading) this.reading = undefined;
    };
    reading.then(done, done);
    return reading;
  }
}
