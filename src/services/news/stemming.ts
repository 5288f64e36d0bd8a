/**
 * Word stems for topic matching: the Snowball stemmer of the article's language (English, French,
 * German, Spanish, Russian) on folded words, so inflected and derived forms share a stem
 * (laundering, laundered -> launder; blanchiment, blanchi -> blanch). Arabic words lose an attached
 * conjunction or preposition and the article instead, since its stems are built from roots that a
 * suffix stemmer does not reach; other languages have no stemmer and a word is its own stem.
 */
// snowball-stemmers ships no type declarations; this is the part used.
const snowball = require('snowball-stemmers') as { newStemmer(name: string): { stem(word: string): string } };

const SNOWBALL: Record<string, string> = { en: 'english', fr: 'french', de: 'german', es: 'spanish', ru: 'russian' };

const stemmers = new Map<string, (word: string) => string>();

/** The languages whose words are stemmed. */
export function hasStemmer(language: string): boolean {
  return language in SNOWBALL;
}

/** The stem of a folded word in `language` (the word itself for a language without a stemmer). */
export function stem(language: string, word: string): string {
  let f = stemmers.get(language);
  if (!f) {
    const name = SNOWBALL[language];
    if (!name) return word;
    const stemmer = snowball.newStemmer(name);
    const cache = new Map<string, string>();
    f = (w: string) => {
      let s = cache.get(w);
      if (s === undefined) {
        s = stemmer.stem(w);
        if (cache.size < 50_000) cache.set(w, s);
      }
      return s;
    };
    stemmers.set(language, f);
  }
  return f(word);
}

const ARABIC_WORD = /^\p{Script=Arabic}+$/u;

/** An Arabic word without its attached conjunction or preposition (و ف ب ل ك) and article (ال), when enough is left; other words unchanged. */
export function arabicStem(word: string): string {
  if (!ARABIC_WORD.test(word)) return word;
  let w = word;
  if (w.length >= 4 && /^[وفبلك]/.test(w)) w = w.slice(1);
  if (w.length >= 5 && w.startsWith('ال')) w = w.slice(2);
  return w;
}
