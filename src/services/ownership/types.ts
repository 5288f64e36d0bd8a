/** Types of the ownership arithmetic, kept apart so that its files import no value from each other in a loop. */

/** One step's share in percent: `value` is the point figure (null: unknown), `min`..`max` its range. */
export interface StepShare { value: number | null; min: number; max: number }
export interface ShareEdge { to: string; share: StepShare }
/** Ownership steps leaving each entity (upward for /ubo, downward for /downstream). */
export type ShareGraph = Map<string, ShareEdge[]>;
export interface OwnershipPath {
  entities: string[];
  step_shares: StepShare[];
  effective_shares: number;
  effective_shares_min: number;
  effective_shares_max: number;
}
export interface EffectiveOwner {
  value: number;
  min: number;
  max: number;
  /** Some path has a step with a range or an unknown share. */
  uncertain: boolean;
  /** The largest paths by effective share (ties by entity ids), at most the limit. */
  paths: OwnershipPath[];
  pathCount: number;
}
