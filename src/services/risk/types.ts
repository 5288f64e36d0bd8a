/** Types the risk files share: kept apart so that the files that use them import no value from each other in a loop. */
import type { RiskMap } from '../../domain/notifications';
import type { Adjacency, Near } from './ownershipWalks';

/** A statement run inside the read transaction. */
export type Run = (query: string, params: Record<string, unknown>) => Promise<{ get(key: string): unknown }[]>;
/** A member one current fact away, with the fact shown for the step. */
export interface Neighbour { id: string; step: StepFact | undefined }
/** Runs `work` in a read transaction of its own. */
export type InReadTx = <T>(work: (run: Run) => Promise<T>) => Promise<T>;
export interface MemberReach {
  /** Steps up and down whose far end reaches a target within maxDepth - 1 steps, weighted as ownershipClosure weighs them. */
  up: Adjacency;
  down: Adjacency;
  /** Direct risk of every member. */
  directs: Map<string, RiskMap>;
  /** Hops to the nearest target, up and down (as nearTargets gives them). */
  near: { up: Near; down: Near };
  /** The fact an explanation shows for each step of `up` and `down` (pairKey; a step both ways shows its downward one). */
  steps: StepFacts;
  /** Labels of the members and of the entities the steps start from. */
  labels: Map<string, string>;
  /** The member neighbours of each entity one current fact away from one (any type, possibly-same-as excluded), in id order. */
  adjacent: Map<string, Neighbour[]>;
}
/** The fact an explanation shows for a step of the reach, by pairKey. */
export interface StepFacts { get(key: string): StepFact | undefined }
export interface PsaTable {
  /** The possibly-same-as entities of each entity with a link, each once, in id order. */
  links: ReadonlyMap<string, readonly string[]>;
  /** Direct risk of every entity a link leads to. */
  directs: ReadonlyMap<string, RiskMap>;
  /** Labels of those entities. */
  labels: ReadonlyMap<string, string>;
}
export interface EntityRef { id: string; label: string }
/** One step of a path: the entity reached and the fact that leads to it from the previous one. */
export interface PathStep {
  entity: EntityRef;
  /** API relationship type from the previous entity (`possibly_same_as` for a psa_ step). */
  relationship: string;
  /** The share the 50% rule reads for the step (pooled parallel facts), null when unknown. */
  shares: number | null;
  from_date?: string;
  to_date?: string;
  /** Always false: derived factors follow current facts only. */
  former: boolean;
}
export interface OwnerShare { id: string; label: string; effective_shares: number }
export interface Explanation {
  /** Entities carrying the family's direct factor (psa_: the possibly-same-as entities), sorted by id, at most EXPLANATION_LIMIT. */
  source_entities: EntityRef[];
  source_entity_count: number;
  /** Paths from the scored entity (not shown) to the source entities, at most EXPLANATION_LIMIT. */
  paths: PathStep[][];
  /** 50% rule: each owner's share, the sum of the products along its paths. */
  owners?: OwnerShare[];
  /** 50% rule: the sum of the owners' shares, in percent (the factor's value is this, capped at 100, 2 decimals). */
  aggregate_shares?: number;
}
export type Explanations = Record<string, Explanation>;
/** The fact shown for a step between two entities. */
export interface StepFact { relationship: string; shares: number | null; from_date?: string; to_date?: string }
/** A fact as the scorer reads it (Neo4j relationship type). */
export interface FactRow { type?: string; percentage?: number | null; from_date?: string | null; to_date?: string | null }
