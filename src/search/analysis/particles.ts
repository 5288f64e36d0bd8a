/**
 * Particles of family names ("van der", "de la", "von", "da", "di", "le", "mac", "o'") and of
 * Arabic names (the article al- / el- / ul-, "abu"), which lists write apart, joined or
 * dropped: "Van der Berg", "Vanderberg", "van den Berg"; "Al Hassan", "Alhassan", "Hassan".
 * For comparison a particle is glued to the word it precedes (`glueParticles`), so each
 * family name is one word on both sides, and `withoutParticles` gives the bare word, so a
 * name with the particle and one without it still agree (as a 'particle' match).
 * Connectors of Arabic patronymic chains (bin, ibn, ben, bint) are no particle: they become
 * one canonical word (`CONNECTOR`) that weighs little (./arabic.ts).
 */

/** Folded particles glued to the following word (longest first when they start a word). */
export const PARTICLES: ReadonlySet<string> = new Set([
  'van', 'der', 'den', 'de', 'del', 'della', 'delle', 'dei', 'degli', 'di', 'da', 'das', 'dos', 'do', 'du', 'des', 'la', 'le', 'les', 'lo',
  'von', 'vom', 'zu', 'zum', 'zur', 'ter', 'ten', 'te', 'vd', 'mac', 'mc', 'st', 'san', 'santa',
  'al', 'el', 'ul', 'abu', 'abou', 'abo', 'abd', 'abed', 'abdul', 'abdel', 'abdal', 'abdu', 'abdur', 'abdus',
]);

/**
 * Particles a list may drop from a family name written with them (Ludwig van Beethoven /
 * Ludwig Beethoven), longest first. Short Romance particles (de, da, le) and Mac are left
 * out: they start too many names of their own (Deborah, Daniel, Leonid, Macdonald / Donald).
 */
const DROPPABLE = ['vander', 'vanden', 'vande', 'van', 'von', 'della', 'dela', 'ter', 'ten', 'abu', 'abou'];
/** The Arabic article: dropped when written apart or before an Arabic name (Al Hassan / Hassan, not Alberto / Berto). */
const ARTICLES = ['al', 'el', 'ul'];

/** Romance particles that a glued word may start with, one or two of them (de la, dos, del). */
const ROMANCE_RUN = /^(?:de|da|do|di|du|del|della|dos|das|des)(?:la|las|los|le|les|lo)?([a-z].*)$/;

const PARTICLE_STARTS = new Set([...DROPPABLE, ...ARTICLES].map((p) => p.slice(0, 2)));

/** Mc and Mac are one particle (McDonald / MacDonald). */
const canonicalPrefix = (w: string): string => w.replace(/^mc(?=[^aeiou])/, 'mac');

/** Glued words, their weights, whether each was glued, and the index of the input word each ends with. */
export interface Glued { tokens: string[]; weights: number[]; glued: boolean[]; last: number[] }

/**
 * Tokens with each run of particles glued to the word after it ("van der berg" ->
 * "vanderberg"); a particle that ends the name stays a word. `glued` marks the words made so.
 * Weights: the glued word keeps the weight of its last part.
 */
export function glueParticles(tokens: readonly string[], weights: readonly number[]): Glued {
  const out: Glued = { tokens: [], weights: [], glued: [], last: [] };
  let prefix = '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (PARTICLES.has(t) && i + 1 < tokens.length && !/\d/.test(tokens[i + 1])) {
      prefix += t;
      continue;
    }
    out.tokens.push(canonicalPrefix(prefix + t));
    out.weights.push(weights[i]);
    out.glued.push(prefix !== '');
    out.last.push(i);
    prefix = '';
  }
  return out;
}

/**
 * The word without the particles it starts with (vanderberg -> berg; alhassan -> hassan when
 * the article was written apart, `glued`, or `arabic` says hassan is an Arabic name), or
 * undefined when it starts with none or too little would remain (at least four letters must).
 */
export function withoutParticles(word: string, arabic: (w: string) => boolean, glued = false): string | undefined {
  // A Romance particle written apart (Jose de Jesus / Jesus, Maria de la Rosa / Rosa) may go too: written apart, it was no part of a name of its own.
  if (glued) {
    const bare = ROMANCE_RUN.exec(word);
    if (bare && bare[1].length >= 4) return bare[1];
  }
  // Most words start with no particle: one look at the first two letters says so.
  if (!PARTICLE_STARTS.has(word.slice(0, 2))) return undefined;
  let w = word;
  for (const p of DROPPABLE) if (w.startsWith(p) && w.length - p.length >= 4) { w = w.slice(p.length); break; }
  for (const p of ARTICLES) if (w.startsWith(p) && w.length - p.length >= 3 && (glued || arabic(w.slice(p.length)))) { w = w.slice(p.length); break; }
  return w === word ? undefined : w;
}
