/**
 * How the scorer cuts a set into read groups (scorer.ts, groups): in order, each id once, at
 * most `size` a group, and in at least `parallel` groups once the set is more than one chunk.
 */
import { groups } from '../../src/services/risk';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `e${i}`);

test.each([
  // [ids, group size, parallel, chunk size, group lengths]
  [0, 20_000, 2, 2000, []],
  [1500, 20_000, 2, 2000, [1500]],
  [2000, 20_000, 2, 2000, [2000]],
  [2001, 20_000, 2, 2000, [1001, 1000]],
  [28_927, 20_000, 2, 2000, [14_464, 14_463]],
  [28_927, 20_000, 1, 2000, [14_464, 14_463]],
  [50_000, 20_000, 2, 2000, [16_667, 16_667, 16_666]],
  [10, 20_000, 1, 7, [10]],
  [10, 1, 1, 1, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]],
])('%i ids, groups of up to %i, %i at a time, chunks of %i', (n, size, parallel, chunk, lengths) => {
  const out = groups(ids(n), size, parallel, chunk);
  expect(out.map((g) => g.length)).toEqual(lengths);
  expect(out.flat()).toEqual(ids(n));
});
