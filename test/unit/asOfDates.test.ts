/** as_of's validation and dated tests (src/domain/asOf.ts) and the closure date ingest stores (src/ingest/rows.ts): pure, no services. */
import { asOfParameter, closedOn, factHoldsOn } from '../../src/domain/asOf';
import { closureDate, entityRow, relationshipRow } from '../../src/ingest/rows';

const refusal = (value: unknown): string => {
  try {
    asOfParameter(value);
  } catch (err) {
    return JSON.stringify(err);
  }
  return 'accepted';
};

test('as_of: a real day from 1800-01-01 to 2999-12-31; anything else is refused naming as_of', () => {
  expect(asOfParameter(undefined)).toBeUndefined();
  for (const good of ['2020-02-29', '1800-01-01', '2999-12-31', '2026-11-27']) expect(asOfParameter(good)).toBe(good);
  for (const bad of ['2021-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '1799-12-31', '3000-01-01', '2020', '2020-01', '20200101', '2020-1-01', ' 2020-01-01', 'today', '']) {
    expect([bad, refusal(bad)]).toEqual([bad, expect.stringContaining('as_of')]);
  }
});

test('a stored fact holds from its from_date (a partial one from the start of its period) through its last day', () => {
  const [from, end] = ['2019-07', '2019-06-30'];
  expect(factHoldsOn({ from_date: from }, '2019-06-30')).toBe(false);
  expect(factHoldsOn({ from_date: from }, '2019-07-01')).toBe(true);
  expect(factHoldsOn({ to_end: end }, '2019-06-30')).toBe(true);
  expect(factHoldsOn({ to_end: end }, '2019-07-01')).toBe(false);
  expect(factHoldsOn({}, '1800-01-01')).toBe(true);
  // Ingest turns a partial to_date into its last day.
  const row = relationshipRow({ kind: 'relationship', type: 'has_shareholder', from: 'a', to: 'b', from_date: '2015', to_date: '2019' });
  expect(factHoldsOn(row.props, '2019-12-31')).toBe(true);
  expect(factHoldsOn(row.props, '2020-01-01')).toBe(false);
  expect(factHoldsOn(row.props, '2014-12-31')).toBe(false);
  expect(factHoldsOn(row.props, '2015-01-01')).toBe(true);
});

test('closure: the earliest dated closure status of a closed entity; none for an open one or an undated closure', () => {
  const line = (closed: boolean, attributes: any[]) => ({ kind: 'entity' as const, id: 'x', type: 'company', closed, attributes });
  expect(closureDate(line(true, [{ field: 'status', value: 'dissolved', date: '2021-03' }, { field: 'status', value: 'Closed', from_date: '2020-11-05' }]))).toBe('2020-11-05');
  expect(closureDate(line(true, [{ field: 'status', value: 'active', date: '2010-01-01' }, { field: 'status', value: 'dissolved', date: '2021' }]))).toBe('2021-01-01');
  expect(closureDate(line(true, [{ field: 'status', value: 'dissolved' }]))).toBeUndefined();
  expect(closureDate(line(false, [{ field: 'status', value: 'dissolved', date: '2021-03-01' }]))).toBeUndefined();
  expect(entityRow(line(true, [{ field: 'status', value: 'dissolved', date: '2021-03-01' }])).props.closed_date).toBe('2021-03-01');
  expect('closed_date' in entityRow(line(false, [])).props).toBe(false);
});

test('closed on a date: closed with no closure date, or closed on or before it', () => {
  expect(closedOn({ closed: true, closed_date: '2020-06-01' })).toBe(true);
  expect(closedOn({ closed: true, closed_date: '2020-06-01' }, '2020-05-31')).toBe(false);
  expect(closedOn({ closed: true, closed_date: '2020-06-01' }, '2020-06-01')).toBe(true);
  expect(closedOn({ closed: true }, '1900-01-01')).toBe(true);
  expect(closedOn({ closed: false, closed_date: '2020-06-01' }, '2021-01-01')).toBe(false);
});
