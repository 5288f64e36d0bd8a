import { isDateParameter, isDateString } from '../../src/domain/dates';

describe('isDateString', () => {
  test.each([
    ['2024', true], ['2024-02', true], ['2024-02-29', true], ['2000-02-29', true], ['0004-02-29', true],
    ['2023-02-29', false], ['1900-02-29', false], ['2100-02-29', false], ['2024-04-31', false], ['2024-12-31', true],
    ['2024-00', false], ['2024-13', false], ['2024-01-00', false], ['2024-1-01', false], ['24-01-01', false], ['2024-01-01T00:00', false],
  ])('%s -> %s', (value, expected) => {
    expect(isDateString(value)).toBe(expected);
  });

  test('a date parameter is a whole day', () => {
    expect(isDateParameter('2024-02-29')).toBe(true);
    expect(isDateParameter('2024-02')).toBe(false);
  });
});
