/**
 * Middle names and patronymics of persons: lists print a person with first name, patronymic
 * and family name (Ivan Sergeyevich Petrov, Mohammed bin Salman Al Saud's chain), screenings
 * ask with first and family name. A word between the first and the last of one name that the
 * other name lacks costs little (`MIDDLE_CREDIT` of a matched word); a middle word on each side
 * that pairs with nothing (Ivan Sergeyevich Petrov / Ivan Nikolayevich Petrov, or another
 * initial) is a conflict the scorer caps hard.
 */

/**
 * Coverage a middle word missing on the other side still counts (of 1 for a matched word):
 * under an initial's 0.7, so a candidate whose middle initial agrees ranks above one without.
 */
export const MIDDLE_CREDIT = 0.65;
/** The same for a middle initial: under what an initial matched to its word counts. */
export const MIDDLE_INITIAL_CREDIT = 0.5;

export type MiddleNames = 'missing' | 'conflict' | undefined;

/** Unpaired words strictly between a name's first and last word, with the first and last paired. */
function unpairedMiddles(sims: readonly number[]): number[] {
  const n = sims.length;
  if (n < 3 || sims[0] === 0 || sims[n - 1] === 0) return [];
  return sims.map((s, k) => (s === 0 && k > 0 && k < n - 1 ? k : -1)).filter((k) => k >= 0);
}

const unpaired = (sims: readonly number[], weights: readonly number[]): number =>
  sims.filter((s, k) => s === 0 && weights[k] >= 0.5).length;

/**
 * The middle-name reading of two aligned person names (per word its similarity with the word
 * it was paired with, 0 when unpaired): 'missing' credits the middle words one side lacks in
 * place (the arrays are changed; `credited` marks the query's), 'conflict' says both sides have a middle word of their own.
 */
export function middleNames(qs: number[], qw: readonly number[], cs: number[], cw: readonly number[], credited: boolean[] = []): MiddleNames {
  const qm = unpairedMiddles(qs).filter((k) => qw[k] >= 0.5);
  const cm = unpairedMiddles(cs).filter((k) => cw[k] >= 0.5);
  if (qm.length && cm.length) return 'conflict';
  if (qm.length && unpaired(cs, cw) === 0) {
    for (const k of qm) { qs[k] = qw[k] > 0.5 ? MIDDLE_CREDIT : MIDDLE_INITIAL_CREDIT; credited[k] = true; }
    return 'missing';
  }
  if (cm.length && unpaired(qs, qw) === 0) {
    for (const k of cm) cs[k] = cw[k] > 0.5 ? MIDDLE_CREDIT : MIDDLE_INITIAL_CREDIT;
    return 'missing';
  }
  return undefined;
}
