/** Abbreviations written with apostrophes and dots, joined before a name is split into words. */

/**
 * Joins the apostrophe and dot abbreviations of a raw name before it is split into words
 * (Int'l -> Intl, Nat'l -> Natl, O'Brien -> OBrien, N.A. -> NA, U.S.A. -> USA), so a name
 * written with them and one written without have the same words. Letters separated by dots
 * and no spaces are one abbreviation; "J. R. Smith" keeps its initials apart.
 */
export function joinAbbreviations(name: string): string {
  return name
    .replace(/(\p{L})['’`](\p{L})/gu, '$1$2')
    .replace(/(?<![\p{L}.])(\p{L})\.(?:(\p{L})\.)+(?:(\p{L})(?![\p{L}]))?/gu, (m) => m.replace(/\./g, ''));
}
