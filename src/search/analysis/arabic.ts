/**
 * Arabic names in Latin letters. One name has many spellings, and lists use them all:
 *   - connectors of a patronymic chain: bin / ibn / ben / bint / binti -> one word, `CONNECTOR`;
 *   - "Abd" compounds written apart or joined, with the article in any spelling or assimilated
 *     (Abd al-Rahman, Abdul Rahman, Abdel Rahman, Abdulrahman, Abdurrahman, Abdurahman):
 *     `abdKey` reads them all as abd + the bare name;
 *   - vowels and doubled consonants of given names (Mohammed / Muhammad / Mohamad, Hussein /
 *     Husayn / Hossein, Youssef / Yusuf, Osama / Usama, Gamal / Jamal): `arabicKey` keeps the
 *     consonants (doubled once, q = k, gh, kh, dh, th as one letter, Egyptian g = j) and the
 *     vowels in classes (a; i, ee, ei, ay; u, o, ou, oo, aw; e for either of a and i), and
 *     two keys agree when their consonants are equal and their vowels agree in turn.
 * The vowel rule is loose enough to join unrelated European names (Peter / Petra), so it
 * applies only when one of the two words is a known Arabic given name (`ARABIC_GIVEN_NAMES`).
 */

import { memoized } from '../../domain/memo';

/** The canonical word of the patronymic connectors. */
export const CONNECTOR = 'bin';
const CONNECTORS: ReadonlySet<string> = new Set(['bin', 'ibn', 'ben', 'bint', 'binti', 'bte', 'bn', 'ibnu']);
/** Whether a folded word is a patronymic connector (son / daughter of). */
export const isConnector = (w: string): boolean => CONNECTORS.has(w);

/** Common Arabic given names (and name words of family names), one spelling each: the forms a list's spelling is keyed against. */
export const ARABIC_GIVEN_NAMES: readonly string[] = [
  'muhammad', 'ahmad', 'mahmud', 'mustafa', 'ali', 'hasan', 'husayn', 'umar', 'uthman', 'khalid', 'yusuf', 'ibrahim', 'ismail', 'ishaq', 'yaqub',
  'musa', 'isa', 'harun', 'sulayman', 'dawud', 'yahya', 'zakariya', 'ayyub', 'yunus', 'idris', 'ilyas', 'salih', 'hamza', 'abbas', 'jafar', 'hashim',
  'talib', 'zayd', 'said', 'saad', 'saud', 'faysal', 'fahd', 'khalifa', 'nasir', 'mansur', 'munir', 'karim', 'rahim', 'rashid', 'majid', 'hamid',
  'hamdan', 'hamad', 'muhsin', 'amir', 'amin', 'anwar', 'ashraf', 'jamal', 'kamal', 'akram', 'adil', 'adnan', 'ayman', 'bashar', 'bashir', 'nazir',
  'hafiz', 'jalal', 'jamil', 'khalil', 'latif', 'marwan', 'mazin', 'muadh', 'nabil', 'nadim', 'najib', 'nizar', 'qasim', 'rafiq', 'raid', 'ramzi',
  'riyad', 'sabri', 'salim', 'salman', 'sami', 'samir', 'sharif', 'tahir', 'tariq', 'tawfiq', 'walid', 'wail', 'yasin', 'yasir', 'ziyad', 'zuhayr',
  'usama', 'abdullah', 'abdulaziz', 'abdulrahman', 'abdulkarim', 'abdulqadir', 'abdulmajid', 'abdulhamid', 'abdulwahab', 'abdulrazzaq', 'abdulsalam',
  'abdulghani', 'abdulhadi', 'abdulnasir', 'abdulmalik', 'abdulrahim', 'abdullatif', 'abdulhakim', 'abduljabbar', 'abdulbari', 'abdulqawi',
  'fatima', 'aisha', 'khadija', 'maryam', 'zaynab', 'layla', 'amina', 'huda', 'nur', 'salma', 'hanan', 'rania', 'samira', 'asma', 'mona',
  'ghazi', 'habib', 'haydar', 'hisham', 'ibtisam', 'imad', 'isam', 'izz', 'jabir', 'jawad', 'kadhim', 'kamil', 'mahdi', 'mamun', 'muayyad', 'mufid',
  'muhannad', 'mukhtar', 'munzir', 'murad', 'musab', 'mutasim', 'nawaf', 'nuri', 'qusay', 'rami', 'sadiq', 'safwan', 'sayf', 'shakir', 'shawki',
  'suhayl', 'sultan', 'turki', 'ubayd', 'uday', 'wasim', 'zakaria', 'zubayr', 'masri', 'baghdadi', 'qadhafi', 'zawahiri', 'ladin', 'asad',
];

/**
 * The Abd compounds as one word: abd + the name after the article (abdalrahman,
 * abdulrahman, abdurrahman, abdurahman, abdelrahman -> abdrahman); other words unchanged.
 */
export const abdKey: (word: string) => string = memoized(readAbd, 50_000);

function readAbd(word: string): string {
  const m = /^abe?d(?:ul|ol|al|el|il|u|o|a|e|i)?(.*)$/.exec(word);
  if (!m || word.length < 6) return word;
  let rest = m[1];
  // The article assimilated to the name's first letter: abdur-rahman, abdus-salam, abdun-nasir.
  const doubled = /^([rsdntz]|sh)\1/.exec(rest);
  if (doubled) rest = rest.slice(doubled[1].length);
  // abd-ul-lah: the article of Allah is written once (abdullah, abdallah -> abdlah).
  return `abd${rest}`;
}

interface Key { consonants: string; vowels: string }

/** Consonants and vowel classes of a folded word (see the file comment); remembered, as every pair of words asks. */
export const arabicKey: (word: string) => Key = memoized(readKey, 50_000);

function readKey(word: string): Key {
  let w = abdKey(word).replace(/([aeiou])h$/, '$1').replace(/gh/g, 'G').replace(/kh/g, 'k').replace(/dh/g, 'd').replace(/th/g, 't').replace(/sh/g, 'S')
    .replace(/q/g, 'k').replace(/g/g, 'j').replace(/ou|oo|aw|au|ow/g, 'u').replace(/ee|ei|ey|ai|ay|ie/g, 'i').replace(/aa/g, 'a').replace(/uu/g, 'u').replace(/ii/g, 'i');
  // y and w are consonants at the start of a word or between vowels, vowels elsewhere (Husayn, Zayd).
  w = w.replace(/(?<=.)y(?![aeiou])/g, 'i').replace(/(?<=.)w(?![aeiou])/g, 'u');
  w = w.replace(/(.)\1+/g, '$1');
  let consonants = '';
  let vowels = '';
  for (const ch of w) {
    if ('aeiou'.includes(ch)) vowels += ch === 'o' ? 'u' : ch;
    else consonants += ch;
  }
  return { consonants: consonants.replace(/(.)\1+/g, '$1'), vowels };
}

/** Whether two vowel classes agree: e stands for a or i (Mohammed / Muhammad, Hamed / Hamid). */
const vowelAgrees = (x: string, y: string): boolean => x === y || x === 'e' || y === 'e';

/** Whether two words are one Arabic name in two spellings (by key only; see `isArabicName`). */
export function sameArabicKey(a: string, b: string): boolean {
  const ka = arabicKey(a);
  const kb = arabicKey(b);
  if (ka.consonants.length < 2 || ka.consonants !== kb.consonants) return false;
  // A name that starts with a vowel (an ʿayn or alif: Aqil) is not one that starts with a consonant (Khalil).
  if (/^[aeiou]/.test(abdKey(a)) !== /^[aeiou]/.test(abdKey(b))) return false;
  if (ka.vowels.length !== kb.vowels.length) {
    // A final vowel written or not (Abdulla / Abdullah, Hamza / Hamzah are the same; Zakariya / Zakaria).
    const [s, l] = ka.vowels.length < kb.vowels.length ? [ka.vowels, kb.vowels] : [kb.vowels, ka.vowels];
    if (l.length - s.length !== 1 || !/[aeiu]$/.test(l)) return false;
    return [...s].every((v, k) => vowelAgrees(v, l[k]));
  }
  return [...ka.vowels].every((v, k) => vowelAgrees(v, kb.vowels[k]));
}

const KNOWN = new Map<string, string[]>();
for (const n of ARABIC_GIVEN_NAMES) {
  const c = arabicKey(n).consonants;
  KNOWN.set(c, [...(KNOWN.get(c) ?? []), n]);
}

/** Whether a folded word is a spelling of a known Arabic given name. */
export const isArabicName: (word: string) => boolean = memoized((word) => {
  const list = KNOWN.get(arabicKey(word).consonants);
  return list !== undefined && list.some((n) => sameArabicKey(n, word));
}, 50_000);

/** Whether two folded words are spellings of one Arabic name: same key, and one of them a known Arabic name. */
export const arabicSpellings = (a: string, b: string): boolean => sameArabicKey(a, b) && (isArabicName(a) || isArabicName(b));

/**
 * A transliteration skeleton of a word of an Arabic or Persian name, for names outside the
 * given-name list (Baqeri / Bagheri, Ghathafi / Gaddafi, Yehia / Yahya, Awf / Auf): vowels and
 * the semivowels w and y (after the first letter) out, and the consonants that transliterations
 * write in several ways folded to one class each (q, k, kh, gh, g, c; d, t, th, dh, z; s, ts;
 * sh, ch; j, dj, zh; f, ph, v, p), the article and a first vowel in any spelling, doubled letters
 * once. Loose, so it is only asked within
 * a name that reads as Arabic (`arabicContext`).
 */
/** The word without the article, assimilated or not (al-Din / ad-Din / Eddin), when three letters remain. */
const withoutArticle = (word: string): string => word.replace(/^(?:[aeu]l|[aeu](?=([dtrszn])\1))(?=[a-z]{3})/, '');

export const translitKey: (word: string) => string = memoized((word) => {
  // The article and a first vowel of any spelling (Usama / Osama).
  const w = abdKey(withoutArticle(word)).replace(/(?<=[aeiou])h$/, '').replace(/kh|gh|q|k|g|c(?!h)|x/g, 'K').replace(/th|dh|d|t|z/g, 'T').replace(/sh|ch/g, 'S')
    .replace(/dj|j|zh/g, 'J').replace(/ph|f|v|p/g, 'F').replace(/^[aeiou]/, 'a');
  return (w[0] + w.slice(1).replace(/[aeiouyw]/g, '')).replace(/(.)\1+/g, '$1');
}, 50_000);

/**
 * Whether a name's words read as an Arabic name: a known given name, a connector (bin), or the
 * article, Abu or Abd written apart before a word (`glued` marks the words the particle was glued to).
 */
export const arabicContext = (tokens: readonly string[], glued: readonly boolean[] = []): boolean =>
  tokens.some((t, k) => t === CONNECTOR || isArabicName(t) || (glued[k] === true && /^(?:al|el|abu|abou|abd)[a-z]{3,}/.test(t)));

/** Vowel groups of a word (y and w after the first letter count as vowels): Omar has two, Amara three. */
const vowelGroups = (w: string): number => (w[0] + w.slice(1).replace(/[yw]/g, 'a')).match(/[aeiou]+/g)?.length ?? 0;

/**
 * Whether two words of names that read as Arabic, not both known given names, are one word in
 * two transliterations: their skeletons (`translitKey`) agree, with two consonants at least (or
 * one and the same first letter in short words), as many syllables, lengths within three letters.
 */
export function translitSpellings(a: string, b: string): boolean {
  if (Math.min(a.length, b.length) < 3 || Math.abs(a.length - b.length) > 3) return false;
  // Two known given names have their own, stricter reading (Hamid / Hamad are two names); the
  // syllables, the article aside (Al-Ghweil / Ghawil), must agree in number (Omar / Amara are two names).
  if ((isArabicName(a) && isArabicName(b)) || vowelGroups(withoutArticle(a)) !== vowelGroups(withoutArticle(b))) return false;
  const ka = translitKey(a);
  const kb = translitKey(b);
  if (ka !== kb) return false;
  const consonants = ka.replace(/^[aeiouyw]/, '').length;
  return consonants >= 2 || (consonants === 1 && a[0] === b[0] && Math.max(a.length, b.length) <= 5);
}
