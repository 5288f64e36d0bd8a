import { TraversalRequest, levelsFollowProbe, levelsFromStart, listedByLevels, nextProbeCap } from '../../src/services/traversal';

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

const request = (extra: Partial<TraversalRequest> = {}): TraversalRequest => ({
  id: 'x', offset: 0, limit: 10, minDepth: 1, maxDepth: 4, relationships: ['has_director'], psa: false, countries: [], types: [],
  sanctioned: false, pep: false, watchlist: false, minShares: 0, includeUnknownShares: true, excludeFormerRelationships: true,
  excludeClosedEntities: false, riskFactors: [], ...extra,
});

describe('the level-by-level search from the start', () => {
  test('serves a small page without end filters, step filters or not', () => {
    expect(levelsFromStart(request(), 4, 11, 64, 100_000)).toBe(true);
    expect(levelsFromStart(request({ minDepth: 0, maxDepth: 5 }), 5, 64, 256, 100_000)).toBe(true);
    expect(levelsFromStart(request({ excludeClosedEntities: true, minShares: 25, psa: true }), 4, 11, 64, 100_000)).toBe(true);
  });

  test('leaves end filters to the probes: a probe may then find too few results', () => {
    expect(levelsFromStart(request({ countries: ['GBR'] }), 4, 11, 64, 100_000)).toBe(false);
    expect(levelsFromStart(request({ types: ['company'] }), 4, 11, 64, 100_000)).toBe(false);
    expect(levelsFromStart(request({ name: 'acme' }), 4, 11, 64, 100_000)).toBe(false);
  });

  test('leaves deep pages, path-wide conditions and deep searches to the probes', () => {
    expect(levelsFromStart(request({ offset: 60 }), 4, 71, 284, 100_000)).toBe(false);
    expect(levelsFromStart(request({ riskFactors: ['sanctioned'] }), 4, 11, 64, 100_000)).toBe(false);
    expect(levelsFromStart(request({ minDepth: 2 }), 4, 11, 64, 100_000)).toBe(false);
    expect(levelsFromStart(request({ maxDepth: 6 }), 6, 11, 64, 100_000)).toBe(false);
  });

  test('keeps a first probe that is the whole visit budget: its answer past the budget differs', () => {
    expect(levelsFromStart(request(), 4, 11, 64, 64)).toBe(false);
    expect(levelsFromStart(request(), 4, 5, 10, 10)).toBe(false);
  });
});

describe('after an undecided probe, the level-by-level search', () => {

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

describe('searches for sanctioned or PEP targets', () => {
  test('run the listed-only levels query from the start, whatever the page', () => {
    expect(listedByLevels(request({ watchlist: true }), 4)).toBe(true);
    expect(listedByLevels(request({ sanctioned: true, offset: 1000, limit: 50 }), 4)).toBe(true);
    expect(listedByLevels(request({ pep: true, minDepth: 0, countries: ['GBR'] }), 5)).toBe(true);
  });

  test('need whole paths or the deep search when a path-wide condition or the depth asks for it', () => {
    expect(listedByLevels(request({ watchlist: true, riskFactors: ['sanctioned'] }), 4)).toBe(false);
    expect(listedByLevels(request({ watchlist: true, minDepth: 2 }), 4)).toBe(false);
    expect(listedByLevels(request({ watchlist: true, maxDepth: 6 }), 6)).toBe(false);
  });

  test('are the only ones it serves', () => {
    expect(listedByLevels(request(), 4)).toBe(false);
    expect(listedByLevels(request({ name: 'acme', types: ['company'] }), 4)).toBe(false);
  });
});
