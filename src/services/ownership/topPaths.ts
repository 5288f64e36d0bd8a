/**
 * The contributing paths an owner lists: the best `limit` of possibly very many, kept without
 * copying a path unless it enters the list. A path is a chain of entries, each pointing at the
 * path one step shorter, so paths that share a beginning share its entries.
 */
import type { OwnershipPath, StepShare } from './types';

/** A path from the root: its last entity, the path without its last step, and its products (fractions of 1). */
export interface PathEntry {
  node: string;
  prev: PathEntry | null;
  /** The last step's share (null for the root's own entry, the path of no steps). */
  share: StepShare | null;
  len: number;
  value: number;
  lo: number;
  hi: number;
  /** The entity ids joined by NUL, computed when a tie needs it. */
  key?: string;
}

function ids(entry: PathEntry): string[] {
  const out: string[] = [];
  for (let e: PathEntry | null = entry; e; e = e.prev) out.push(e.node);
  return out.reverse();
}

/** Entity ids joined by NUL compare as the id lists do, a path before any path it begins. */
function key(entry: PathEntry): string {
  return (entry.key ??= ids(entry).join('\u0000'));
}

export type PathOrder = (a: PathEntry, b: PathEntry) => number;

/** By entity ids. */
export const byIds: PathOrder = (a, b) => {
  const [x, y] = [key(a), key(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};
/** Largest upper bound first, then by ids. */
export const byMaximum: PathOrder = (a, b) => b.hi - a.hi || byIds(a, b);
/** The order owners list their paths in: largest effective share first, then largest upper bound, then by ids. */
export const comparePaths: PathOrder = (a, b) => b.value - a.value || byMaximum(a, b);

/** The best `limit` paths offered, in `order`; an offer that cannot enter costs one comparison. */
export class TopPaths {
  private readonly kept: PathEntry[] = [];

  constructor(private readonly limit: number, private readonly order: PathOrder) {}

  offer(entry: PathEntry): void {
    const kept = this.kept;
    if (kept.length >= this.limit && this.order(entry, kept[kept.length - 1]) >= 0) return;
    let i = kept.length;
    while (i > 0 && this.order(entry, kept[i - 1]) < 0) i--;
    kept.splice(i, 0, entry);
    if (kept.length > this.limit) kept.pop();
  }

  sorted(): PathEntry[] {
    return this.kept;
  }
}

/** The path as an answer lists it: ids from the root, each step's share, the products in percent. */
export function materialise(entry: PathEntry): OwnershipPath {
  const shares: StepShare[] = [];
  for (let e: PathEntry | null = entry; e && e.share; e = e.prev) shares.push(e.share);
  return {
    entities: ids(entry), step_shares: shares.reverse(),
    effective_shares: entry.value * 100, effective_shares_min: entry.lo * 100, effective_shares_max: entry.hi * 100,
  };
}
