/**
 * Middle names and patronymics of persons: lists print a person with first name, patronymic
 * and family name (Ivan Sergeyevich Petrov, Mohammed bin Salman Al Saud's chain), screenings
 * ask with first and family name. When every word of one name is found in the other, a word
 * the other has more costs little (`MIDDLE_CREDIT` of a matched word between the first and the
 * last, `EDGE_CREDIT` before or after them); a middle word on each side that pairs with
 * nothing (Ivan Sergeyevich Petrov / Ivan Nikolayevich Petrov, or another initial) is a
 * conflict the scorer caps hard.
 */

/**
 * Coverage a middle word missing on the other side still counts (of 1 for a matched word):
 * under an initial's 0.7, so a candidate whose middle initial agrees ranks above one without.
 */
export const MIDDLE_CREDIT = 0.65;
/** The same for a middle initial: under what an initial matched to its word counts. */
export const MIDDLE_INITIAL_CREDIT = 0.5;
/** The same for a word before the first or after the last of the other name (a second family name, an extra given name). */
export const EDGE_CREDIT = 0.5;

export type MiddleNames = 'missing' | 'conflict' | undefined;

/** Unpaired words strictly between a name's first and last word, with the first and last paired. */
function unpairedMiddles(sims: readonly number[]): number[] {
  const n = sims.length;
  if (n < 3 || sims[0] === 0 || sims[n - 1] === 0) return [];
  return sims.map((s, k) => (s === 0 && k > 0 && k < n - 1 ? k : -1)).filter((k) => k >= 0);
}

/** Paired words of weight 0.5 and more, and unpaired ones. */
const paired = (sims: readonly number[], weights: readonly number[]): number => sims.filter((s, k) => s > 0 && weights[k] >= 0.5).length;
const unpaired = (sims: readonly number[], weights: readonly number[]): number[] =>
  sims.map((s, k) => (s === 0 && weights[k] >= 0.5 ? k : -1)).filter((k) => k >= 0);

/** The first or last word is unpaired while the word next to it is a paired initial (it took the other side's word). */
function edgeTakenByInitial(sims: readonly number[], weights: readonly number[], extra: readonly number[]): boolean {
  const n = sims.length;
  const initial = (k: number) => sims[k] > 0 && weights[k] <= 0.5;
  return n >= 3 && ((extra.includes(n - 1) && initial(n - 2)) || (extra.includes(0) && initial(1)));
}

/** Credits the extra words of one side in place: middle words MIDDLE_CREDIT (initials less), first or last words EDGE_CREDIT. */
function credit(sims: number[], weights: readonly number[], extra: number[], credited?: boolean[]): void {
  for (const k of extra) {
    const middle = k > 0 && k < sims.length - 1;
    sims[k] = weights[k] <= 0.5 ? MIDDLE_INITIAL_CREDIT : middle ? MIDDLE_CREDIT : EDGE_CREDIT;
    if (credited) credited[k] = true;
  }
}

/**
 * The middle-name reading of two aligned person names (per word its similarity with the word
 * it was paired with, 0 when unpaired):
 *   - 'conflict': both sides have a middle word of their own;
 *   - 'missing': every word of one side (two at least) is paired, and the other has words
 *     more (a patronymic, a second given name, a second family name, an honorific the title
 *     list does not know): those are credited in place (the arrays are changed; `credited`
 *     marks the query's).
 */
export function middleNames(qs: number[], qw: readonly number[], cs: number[], cw: readonly number[], credited: boolean[] = []): MiddleNames {
  const qm = unpairedMiddles(qs).filter((k) => qw[k] >= 0.5);
  const cm = unpairedMiddles(cs).filter((k) => cw[k] >= 0.5);
  // An initial against an unpaired word is no conflict (Дж / J, a transliteration of one letter).
  const initials = (m: number[], w: readonly number[]) => m.every((k) => w[k] <= 0.5);
  if (qm.length && cm.length) return initials(qm, qw) === initials(cm, cw) ? 'conflict' : undefined;
  const qx = unpaired(qs, qw);
  const cx = unpaired(cs, cw);
  // A name left over beside an initial that took the other side's word (Ingrid Bauer / Ingrid B.
  // Håland, Sophie Çelik / Çağrı Ş. Çelik) is another name, not a missing one: no credit.
  if (edgeTakenByInitial(qs, qw, qx) || edgeTakenByInitial(cs, cw, cx)) return undefined;
  if (qx.length && !cx.length && paired(cs, cw) >= 2) {
    credit(qs, qw, qx, credited);
    return 'missing';
  }
  if (cx.length && !qx.length && paired(qs, qw) >= 2) {
    credit(cs, cw, cx);
    return 'missing';
  }
  return undefined;
}
