import { bandFigures, independentPairs, type Judged, setFigures } from '../../bench/independentPairs';
import { CLASSES, pairClass } from '../../bench/pairClass';
import { halfOf } from '../../bench/buildIndependentPairs';

const fit = independentPairs('fit');
const heldOut = independentPairs('held-out');

test('the independent set is large enough, 40% matches or more, and half of its non-matches or more are hard', () => {
  const all = [...fit, ...heldOut];
  const negatives = all.filter((p) => !p.match);
  expect(all.length).toBeGreaterThanOrEqual(1500);
  expect(all.filter((p) => p.match).length / all.length).toBeGreaterThanOrEqual(0.4);
  expect(negatives.filter((p) => p.hard).length / negatives.length).toBeGreaterThanOrEqual(0.5);
});

test('no party is in both halves, and each pair is in the half its listed party hashes to', () => {
  const parties = (ps: typeof fit) => new Set(ps.flatMap((p) => [p.listedId, p.queryId]));
  const inFit = parties(fit);
  expect([...parties(heldOut)].filter((id) => inFit.has(id))).toEqual([]);
  for (const p of fit) expect(halfOf(p.listedId)).toBe('fit');
  for (const p of heldOut) expect(halfOf(p.listedId)).toBe('held-out');
});

test('every pair carries the class its mechanical test gives, and one listed name per listed party', () => {
  const names = new Map<string, string>();
  for (const p of [...fit, ...heldOut]) {
    expect(CLASSES).toContain(p.class);
    expect(pairClass(p.query, p.listed, p.type, p.match)).toBe(p.class);
    expect(names.get(p.listedId) ?? p.listed).toBe(p.listed);
    names.set(p.listedId, p.listed);
    if (p.match) expect(p.hard).toBe(false);
  }
});

test('the class tests on written examples', () => {
  expect(pairClass('Kirsan ILYUMZHINOV', 'Kirsan Nikolayevich ILYUMZHINOV', 'person', true)).toBe('1-middle');
  expect(pairClass('Sad BIN LADEN', "Sa'ad BIN LADEN", 'person', true)).toBe('2-arabic');
  expect(pairClass('ATLANTIC SHIPPING & TRANS', 'ATLANTIC SHIPPING AND TRANS', 'company', true)).toBe('3-company-writing');
  expect(pairClass('Seifollah JASHN SAZ', 'Seifollah JASHNSAZ', 'person', true)).toBe('4-joined-split');
  expect(pairClass('James Alexander MCLINTOK', 'James Alexander MCLINTOCK', 'person', true)).toBe('5-slip');
  expect(pairClass('Il-hwan KO', 'Il Hwan KO', 'person', true)).toBe('6-script');
  expect(pairClass('PAO SURGUTNEFTEGAS', 'SURGUTNEFTEGAS', 'company', true)).toBe('7-abbreviation');
  expect(pairClass('ROMO LOPEZ, Martin', 'Martin ROMO LOPEZ', 'person', true)).toBe('8-order');
  expect(pairClass('A.B.C. TRADING', 'C.B.A. TRADING', 'company', false)).toBe('9-initials-order');
  expect(pairClass('CASPIAN AIRLINES', 'DART AIRLINES', 'company', false)).toBe('10-generic-company');
});

test('figures of a set: best_match over the threshold, a non-match wrong only on its listed entity, bands by the first candidate', () => {
  const item = (match: boolean, listed: string, top: [string, number][]): Judged => ({ match, cls: 'other', listed, top: top.map(([id, score]) => ({ id, score })), same: (id) => id === listed });
  const items = [
    item(true, 'a', [['a', 0.9]]), // strong, right
    item(true, 'b', [['x', 0.7], ['b', 0.5]]), // strong, wrong entity
    item(true, 'c', [['c', 0.05]]), // weak, right but weak
    item(true, 'd', [['y', 0.02]]), // weak, not retrieved
    item(false, 'e', [['e', 0.8]]), // strong on the listed entity of a non-match
    item(false, 'f', [['z', 0.8]]), // another entity: not counted
  ];
  const f = setFigures(items);
  expect([f.n, f.matches, f.tp, f.fp]).toEqual([6, 4, 1, 2]);
  expect(f.recall).toBeCloseTo(0.25);
  expect(f.precision).toBeCloseTo(1 / 3);
  expect(f.retrieval10).toBeCloseTo(0.75);
  const bands = bandFigures(items);
  expect(bands.map((b) => [b.band, b.candidates])).toEqual([['strong', 3], ['medium', 0], ['weak', 2]]);
  expect(bands[0].precision).toBeCloseTo(1 / 3);
  expect(bands[2].rightButWeak).toBe(1);
});
