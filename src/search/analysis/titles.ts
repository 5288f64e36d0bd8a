/**
 * Titles and honorifics (folded forms) that say nothing about who a person is: removed from
 * a name before it is compared or searched, as long as a word remains.
 */
export const TITLES: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'professor', 'sir', 'dame', 'lord', 'lady', 'rev', 'reverend', 'fr', 'hon', 'honourable', 'honorable',
  'sheikh', 'shaikh', 'sheik', 'shaykh', 'cheikh', 'haji', 'hajji', 'hadji', 'imam', 'mullah', 'mulla', 'ayatollah', 'hojatoleslam', 'maulana', 'mawlana', 'moulana', 'ustad', 'ustadh', 'mufti', 'qari', 'hafiz', 'hafez', 'alhaj', 'alhajj', 'alhaji', 'hajj', 'mawlawi', 'maulvi', 'moulvi', 'molvi', 'doctor', 'engineer',
  'president', 'prasident', 'praesident', 'presidente', 'prezident', 'vice', 'minister', 'senator', 'governor', 'mayor', 'ambassador',
  'general', 'gen', 'colonel', 'col', 'major', 'maj', 'captain', 'capt', 'lieutenant', 'lt', 'admiral', 'adm', 'sgt', 'sergeant', 'marshal',
  'herr', 'frau', 'monsieur', 'mme', 'madame', 'mlle', 'senor', 'senora', 'sra', 'dona', 'signor', 'signora', 'dott', 'ing', 'dipl', 'mag', 'engr',
  // Vessel prefixes: motor, fishing and research vessel, His/Her Majesty's Ship.
  'mv', 'fv', 'rv', 'hms',
  'gospodin', 'gospozha', 'pan', 'pani', 'excellency', 'his', 'her', 'highness', 'royal', 'hrh', 'jr', 'sr', 'junior', 'senior', 'phd', 'md', 'esq',
]);

/** Titles that are also given names or name words elsewhere: removed only before the first other word. */
export const LEADING_ONLY_TITLES: ReadonlySet<string> = new Set(['mv', 'fv', 'rv', 'hms', 'pan', 'pani', 'general', 'major', 'vice', 'dona', 'his', 'her', 'royal', 'md', 'sr', 'jr', 'ing', 'mag', 'col', 'lt', 'mufti', 'qari', 'hafiz', 'hafez']);

/** Tokens without titles: a leading-only title counts only before the first non-title word; nothing is removed when nothing else would remain. */
export function withoutTitles(tokens: string[]): string[] {
  let seenName = false;
  const kept = tokens.filter((t) => {
    if (TITLES.has(t) && (!seenName || !LEADING_ONLY_TITLES.has(t))) return false;
    seenName = true;
    return true;
  });
  return kept.length ? kept : tokens;
}
