/** Seeded random streams: a re-seedable PRNG, a stable hash of (seed, index, salt), weighted picks. */

// ---------------------------------------------------------------------------------------
// PRNG
// ---------------------------------------------------------------------------------------

/** mulberry32, re-seedable so one instance serves every entity stream. */
export class Rng {
  private a = 0;
  reseed(seed: number): this {
    this.a = seed >>> 0;
    return this;
  }
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.next() * values.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** 32-bit integer hash of (a, b, c); independent streams per entity and purpose. */
export function hash3(a: number, b: number, c: number): number {
  let h = Math.imul((a ^ 0x9e3779b9) >>> 0, 0x85ebca6b) ^ b;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h ^= Math.imul(c + 0x632be5ab, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

export const SALT_TYPE = 1;
export const SALT_ENTITY = 2;
export const SALT_FACTS = 3;
export const SALT_RECORD = 4;
export const SALT_RISK = 5;
export const SALT_SHIPMENT = 6;

/** Weighted choice: `table` is [value, weight][] with weights summing to 1 (approximately). */
export function weighted<T>(rng: Rng, table: ReadonlyArray<readonly [T, number]>): T {
  return weightedU(rng.next(), table);
}

export function weightedU<T>(u: number, table: ReadonlyArray<readonly [T, number]>): T {
  for (const [value, weight] of table) {
    if (u < weight) return value;
    u -= weight;
  }
  return table[table.length - 1][0];
}
