/**
 * List order: sanctions lists print persons as "SURNAME, Given Names" ("VAN DER BERG, Jan
 * Pieter", "AL-ASSAD, Bashar Hafez"). `naturalOrder` turns such a name to the order people
 * write it ("Jan Pieter VAN DER BERG"), so the middle-name rule (./middleNames.ts) sees the
 * given name first and the family name last. A comma before a legal form ("Acme, Inc.") or in
 * a longer text is no list order and is left alone.
 */
import { analyze, normTokens } from '../../domain/names';

/** Words of a part: at most this many on each side of the comma for a list-order name. */
const MAX_PART_WORDS = 5;

/**
 * The name in natural order when it is written "Family, Given" (one comma, a few words on
 * each side, no legal form after the comma); the name unchanged otherwise. `reordered` says
 * which (the explanation names the rule).
 */
export function naturalOrder(name: string): { name: string; reordered: boolean } {
  const parts = name.split(',');
  if (parts.length !== 2) return { name, reordered: false };
  const [family, given] = parts.map((p) => p.trim());
  const familyWords = normTokens(family);
  const givenWords = normTokens(given);
  if (!familyWords.length || !givenWords.length || familyWords.length > MAX_PART_WORDS || givenWords.length > MAX_PART_WORDS) return { name, reordered: false };
  // A legal form on either side (Acme, Inc.) is no list order; a name syllable that only spells like one (Se-Bong) is no form.
  if (analyze(given).some((t) => t.form) || analyze(family).some((t) => t.form)) return { name, reordered: false };
  return { name: `${given} ${family}`, reordered: true };
}
