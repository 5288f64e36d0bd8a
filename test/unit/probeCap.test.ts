import { nextProbeCap } from '../../src/services/traversal';

test('a probe that found the page but not the end of its length level grows 4-fold', () => {
  expect(nextProbeCap(64, 11, 11, 100_000)).toBe(256);
  expect(nextProbeCap(256, 40, 11, 100_000)).toBe(1024);
});

test('a probe that found too few results (selective end filters) grows 16-fold', () => {
  expect(nextProbeCap(64, 3, 11, 100_000)).toBe(1024);
  expect(nextProbeCap(1024, 0, 11, 100_000)).toBe(16_384);
});

test('probes never pass the visit budget', () => {
  expect(nextProbeCap(16_384, 0, 11, 100_000)).toBe(100_000);
  expect(nextProbeCap(65_536, 50, 11, 100_000)).toBe(100_000);
});
