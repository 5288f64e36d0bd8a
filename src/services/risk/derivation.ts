/**
 * Pure derivation of an entity's risk factors from what the scorer read of its neighbourhood.
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
import { PRESENT, isRiskFactor, riskLevel } from '../../domain/risk';
import { familiesOfFactor, type RiskFamily } from '../../domain/riskFamilies';
import {
  ExplanationBuilder, effectiveShare, pathStep, type EntityRef, type Explanations, type PathStep, type StepFact,
} from './explanation';

/** Hops followed for ownership factors (up and down), and for the re-scoring neighbourhood. */
export const OWNERSHIP_DEPTH = 4;
/** Upper bound of ownership path steps walked per entity for the 50% rule. */
export const PATH_STEP_BUDGET = 200_000;

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
): OwnershipTotals<List> {
  const totals = new Map<List, number>();
  const owners = new Map<List, Set<string>>();
  const shares = new Map<List, Map<string, number>>();
  const contributions = new Map<List, Contribution[]>();
  const onPath = new Set<string>([root]);
  const stack: string[] = [];
  let steps = 0;
  const walk = (node: string, fraction: number, depth: number, blocked: ReadonlySet<List>): void => {
    for (const edge of up.get(node) ?? []) {
      if (edge.percentage === null || !(edge.percentage > 0) || onPath.has(edge.to)) continue;
      if (++steps > budget) return;
      const share = fraction * (Math.min(edge.percentage, 100) / 100);
      const lists = [...(listsOf(edge.to) ?? [])];
      let nextBlocked = blocked;
      stack.push(edge.to);
      if (lists.length) {
        nextBlocked = new Set(blocked);
        for (const list of lists) {
          if (blocked.has(list)) continue;
          totals.set(list, (totals.get(list) ?? 0) + share * 100);
          if (!owners.has(list)) owners.set(list, new Set());
          owners.get(list)!.add(edge.to);
          if (!shares.has(list)) shares.set(list, new Map());
          shares.get(list)!.set(edge.to, (shares.get(list)!.get(edge.to) ?? 0) + share * 100);
          keepContribution(contributions, list, { path: [...stack], share: share * 100 });
          (nextBlocked as Set<List>).add(list);
        }
      }
      if (depth + 1 < maxDepth) {
        onPath.add(edge.to);
        walk(edge.to, share, depth + 1, nextBlocked);
        onPath.delete(edge.to);
      }
      stack.pop();
    }
  };
  walk(root, 1, 0, new Set());
  for (const kept of contributions.values()) trimContributions(kept);
  return { totals, owners, shares, contributions, complete: steps <= budget };
}

/** A path's part of a 50% rule aggregate: the ids from the owned entity's first owner up to the member, and its product in percent. */
export interface Contribution { path: string[]; share: number }

export interface OwnershipTotals<List> {
  totals: Map<List, number>;
  owners: Map<List, Set<string>>;
  /** Per list, each member's effective share: the sum of the products of the paths that count at it. */
  shares: Map<List, Map<string, number>>;
  /** Per list, the largest contributions (at most CONTRIBUTIONS_KEPT), largest first. */
  contributions: Map<List, Contribution[]>;
  complete: boolean;
}

/** Contributing paths kept per list for the explanation. */
export const CONTRIBUTIONS_KEPT = 20;

const byShare = (a: Contribution, b: Contribution) => b.share - a.share || a.path.join('\u0000').localeCompare(b.path.join('\u0000'));
function trimContributions(kept: Contribution[]): void {
  kept.sort(byShare);
  kept.length = Math.min(kept.length, CONTRIBUTIONS_KEPT);
}
function keepContribution<List>(all: Map<List, Contribution[]>, list: List, c: Contribution): void {
  let kept = all.get(list);
  if (!kept) all.set(list, (kept = []));
  kept.push(c);
  // Bounded memory on large walks: trim once the list holds a few times what is kept.
  if (kept.length > 4 * CONTRIBUTIONS_KEPT) trimContributions(kept);
}

/** Whether an aggregate share reaches the 50% rule (with a tolerance for float products). */
export const reachesFiftyPercent = (percent: number): boolean => percent >= 50 - 1e-9;

/**
 * Entities within `maxDepth` hops of `root` along `adjacency` (root excluded), each with the
 * entity it was first reached from: breadth first with neighbours in id order, so each has a
 * shortest path, the same on every run.
 */
export function shortestPaths(root: string, adjacency: Adjacency, maxDepth = OWNERSHIP_DEPTH, near?: Near): Map<string, string> {
  const parent = new Map<string, string>();
  const seen = new Set<string>([root]);
  let frontier = [root];
  for (let depth = 0; depth < maxDepth && frontier.length; depth++) {
    const next: string[] = [];
    // With `near`, entities that reach no target in the hops left are left out.
    const left = maxDepth - depth - 1;
    for (const node of frontier) {
      for (const to of (adjacency.get(node) ?? []).map((e) => e.to).sort()) {
        if (seen.has(to) || (near && !((near.get(to) ?? Infinity) <= left))) continue;
        seen.add(to);
        parent.set(to, node);
        next.push(to);
      }
    }
    frontier = next;
  }
  return parent;
}

/**
 * Hops from an entity to the nearest target along an adjacency, for entities within some depth
 * of one (targets at 0); an entity not in it is farther. Given to shortestPaths, it leaves out
 * the entities from which no target is in reach: a target's shortest path, and so its parent, is
 * the same (every entity on it reaches the target in the hops left, and the entities kept are
 * met in the same order), and a set's entities share the one map instead of each walking all
 * the levels of a hub.
 */
export type Near = ReadonlyMap<string, number>;

/** Near for `targets` along `adjacency`, up to `maxDepth` hops. */
export function nearTargets(adjacency: Adjacency, targets: Iterable<string>, maxDepth = OWNERSHIP_DEPTH): Near {
  const reverse = new Map<string, string[]>();
  for (const [from, edges] of adjacency) {
    for (const e of edges) {
      let into = reverse.get(e.to);
      if (!into) reverse.set(e.to, (into = []));
      into.push(from);
    }
  }
  const hops = new Map<string, number>();
  let frontier = [...new Set(targets)];
  for (const t of frontier) hops.set(t, 0);
  for (let depth = 1; depth <= maxDepth && frontier.length; depth++) {
    const next: string[] = [];
    for (const node of frontier) {
      for (const from of reverse.get(node) ?? []) {
        if (hops.has(from)) continue;
        hops.set(from, depth);
        next.push(from);
      }
    }
    frontier = next;
  }
  return hops;
}

/** The ids from the first step after `root` to `id`, following `parent`. */
function pathTo(id: string, root: string, parent: Map<string, string>): string[] {
  const ids = [id];
  for (let p = parent.get(id); p !== undefined && p !== root; p = parent.get(p)) ids.unshift(p);
  return ids;
}

/** Entities within `maxDepth` hops of `root` along `adjacency` (root excluded), breadth first. */
export function reachable(root: string, adjacency: Adjacency, maxDepth = OWNERSHIP_DEPTH): Set<string> {
  return new Set(shortestPaths(root, adjacency, maxDepth).keys());
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
  // For the explanations (./explanation.ts); without them ids stand for labels and steps are bare.
  /** The ids of `adjacent` and the fact shown for each, in the same order. */
  adjacentSteps?: { id: string; step: StepFact }[];
  /** The ids of `psa` and their own explanations, in the same order. */
  psaSources?: { id: string; explanations: Explanations }[];
  /** The fact shown for an ownership step of `up` or `down`. */
  stepOf?: (from: string, to: string) => StepFact | undefined;
  labelOf?: (id: string) => string | undefined;
  /**
   * nearTargets of the members `directOf` gives an ownedBy (along `up`) or ownerOf (along
   * `down`) family: computed once for a set of entities that share the adjacency, so that each
   * one's search skips what leads to none. Without it every entity in reach is visited.
   */
  near?: { up: Near; down: Near };
}

/** The members of a family with an ownedBy (`up`) or ownerOf (`down`) factor among `ids`, for nearTargets. */
export function reachTargets(ids: Iterable<string>, directOf: (id: string) => RiskMap | undefined): { up: string[]; down: string[] } {
  const up: string[] = [];
  const down: string[] = [];
  for (const id of ids) {
    const families = [...familiesOf(directOf(id) ?? {}).keys()];
    if (families.some((f) => f.ownedBy)) up.push(id);
    if (families.some((f) => f.ownerOf)) down.push(id);
  }
  return { up, down };
}

export interface Derived {
  risk: RiskMap;
  /** The evidence of each derived factor of `risk`. */
  explanations: Explanations;
  rejected: string[];
  partial: boolean;
}

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

  const explain = new ExplanationBuilder();
  const ref = (id: string): EntityRef => ({ id, label: input.labelOf?.(id) ?? id });
  const pairShare = (adjacency: Adjacency, from: string, to: string) => adjacency.get(from)?.find((e) => e.to === to)?.percentage ?? null;
  /** Steps along `ids` from the root over `adjacency`, with the shares the derivation read. */
  const ownershipPath = (adjacency: Adjacency, ids: string[]): PathStep[] =>
    ids.map((id, i) => {
      const from = i === 0 ? input.id : ids[i - 1];
      return pathStep(ref(id), input.stepOf?.(from, id), pairShare(adjacency, from, id));
    });

  const familiesCache = new Map<string, Map<RiskFamily, string[]>>();
  const familiesOfEntity = (id: string): Map<RiskFamily, string[]> => {
    let found = familiesCache.get(id);
    if (!found) familiesCache.set(id, (found = familiesOf(input.directOf(id) ?? {})));
    return found;
  };

  // One hop.
  input.adjacent.forEach((n, i) => {
    const neighbour = input.adjacentSteps?.[i];
    for (const [family, countries] of familiesOf(n)) {
      if (!family.adjacent) continue;
      put(() => family.adjacent!, PRESENT, countries);
      if (neighbour) explain.source(family.adjacent, ref(neighbour.id), [pathStep(ref(neighbour.id), neighbour.step)]);
    }
  });

  // Possibly-same-as: every factor of such an entity but its own psa_ ones.
  input.psa.forEach((p, i) => {
    const source = input.psaSources?.[i];
    for (const [factor, v] of Object.entries(p)) {
      if (factor.startsWith('psa_') || !isRiskFactor(factor)) continue;
      put(() => factorNames.psa(factor), v.value, v.metadata?.country ?? []);
      if (source) explain.psa(`psa_${factor}`, ref(source.id), v.value, source.explanations[factor]);
    }
  });

  // Ownership: members anywhere within maxDepth hops, and the 50% rule per family.
  const reach = (adjacency: Adjacency, slot: 'ownedBy' | 'ownerOf') => {
    const parent = shortestPaths(input.id, adjacency, maxDepth, input.near?.[slot === 'ownedBy' ? 'up' : 'down']);
    for (const id of [...parent.keys()].sort()) {
      let path: PathStep[] | undefined;
      for (const [family, countries] of familiesOfEntity(id)) {
        const name = family[slot];
        if (!name) continue;
        put(() => name, PRESENT, countries);
        explain.source(name, ref(id), (path ??= ownershipPath(adjacency, pathTo(id, input.id, parent))));
      }
    }
  };
  reach(input.up, 'ownedBy');
  reach(input.down, 'ownerOf');
  const fiftyPercentFamilies = (id: string) => [...familiesOfEntity(id).keys()].filter((f) => f.fiftyPercent);
  const { totals, owners, shares, contributions, complete } = aggregateOwnership(input.id, input.up, fiftyPercentFamilies, maxDepth);
  for (const [family, total] of totals) {
    if (!reachesFiftyPercent(total)) continue;
    const countries = [...(owners.get(family) ?? [])].flatMap((o) => familiesOfEntity(o).get(family) ?? []);
    put(() => family.fiftyPercent!, Math.round(Math.min(total, 100) * 100) / 100, countries);
    explain.fiftyPercent(
      family.fiftyPercent!,
      [...(shares.get(family) ?? [])].map(([id, share]) => ({ ...ref(id), effective_shares: effectiveShare(share) })),
      total,
      (contributions.get(family) ?? []).map((c) => ({ share: c.share, path: ownershipPath(input.up, c.path) })),
    );
  }

  const risk: RiskMap = {};
  for (const [name, v] of Object.entries(input.direct)) {
    if (isRiskFactor(name)) risk[name] = v;
    else rejected.push(`unknown risk factor "${name}"`);
  }
  const shown = Object.keys(derived).filter((name) => !(name in risk));
  for (const name of shown) risk[name] = derived[name];
  return { risk, explanations: explain.build(shown), rejected, partial: !complete };
}
