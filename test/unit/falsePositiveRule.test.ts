/** The rule of a silenced false positive: only a factor outside the set kept at the decision is heard. */
import { silencedByFalsePositive } from '../../src/services/risk/falsePositives';

test('removals, changes and factors that come back stay silent; a new factor is heard', () => {
  const decided = ['sanctioned_usa_ofac_sdn', 'pep'];
  expect(silencedByFalsePositive([], decided)).toBe(true);
  expect(silencedByFalsePositive(['pep'], decided)).toBe(true);
  expect(silencedByFalsePositive(['pep', 'sanctioned_un_sc'], decided)).toBe(false);
  expect(silencedByFalsePositive(['sanctioned_un_sc'], [])).toBe(false);
  expect(silencedByFalsePositive([], [])).toBe(true);
});
