import { TraversalRequest, levelsFollowProbe, nextProbeCap } from '../../src/services/traversal';

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

describe('after an undecided probe, the level-by-level search', () => {
  const request = (extra: Partial<TraversalRequest> = {}): TraversalRequest => ({
    id: 'x', offset: 0, limit: 10, minDepth: 1, maxDepth: 4, relationships: ['has_director'], psa: false, countries: [], types: [],
    sanctioned: false, pep: false, watchlist: false, minShares: 0, includeUnknownShares: true, excludeFormerRelationships: true,
    excludeClosedEntities: false, riskFactors: [], ...extra,
  });

  test('finishes the level when the probe found the page and no path-wide condition applies', () => {
    expect(levelsFollowProbe(request(), 4, 11, 11)).toBe(true);
    expect(levelsFollowProbe(request({ minDepth: 0 }), 5, 11, 64)).toBe(true);
    expect(levelsFollowProbe(request({ excludeClosedEntities: true, minShares: 25 }), 4, 64, 64)).toBe(true);
  });

  test('leaves too few results found to probes growing 16-fold', () => {
    expect(levelsFollowProbe(request(), 4, 11, 10)).toBe(false);
  });

  test('leaves path-wide conditions, deep searches and deep pages to the probes', () => {
    expect(levelsFollowProbe(request({ riskFactors: ['sanctioned'] }), 4, 11, 64)).toBe(false);
    expect(levelsFollowProbe(request({ minDepth: 2 }), 4, 11, 64)).toBe(false);
    expect(levelsFollowProbe(request(), 6, 11, 64)).toBe(false);
    expect(levelsFollowProbe(request({ offset: 100 }), 4, 111, 444)).toBe(false);
  });
});
