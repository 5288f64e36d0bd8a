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
import { Adjacency, Near, OWNERSHIP_DEPTH, aggregateOwnership, pathTo, reachesFiftyPercent, shortestPaths } from './ownershipWalks';

export * from './ownershipWalks';

import type { RiskMap, RiskValue } from '../../domain/notifications';

export type { RiskMap, RiskValue } from '../../domain/notifications';

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
      if (neighbour) explain.source(family.adjacent, neighbour.id, () => ref(neighbour.id), () => [pathStep(ref(neighbour.id), neighbour.step)]);
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
      const pathOf = () => (path ??= ownershipPath(adjacency, pathTo(id, input.id, parent)));
      for (const [family, countries] of familiesOfEntity(id)) {
        const name = family[slot];
        if (!name) continue;
        put(() => name, PRESENT, countries);
        explain.source(name, id, () => ref(id), pathOf);
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
