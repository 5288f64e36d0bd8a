/**
 * Chinese names in the older Wade-Giles romanisation and in pinyin (Mao Tse-tung / Mao
 * Zedong, Teng Hsiao-p'ing / Deng Xiaoping, Chou En-lai / Zhou Enlai): `chineseKey` folds
 * the spellings the two systems give one syllable to one key (WG k / pinyin g, t / d, p / b,
 * ch / zh, j, q, ts / z, c, hs / x, j / r, -ung / -ong, -ih / -i), and `compareChinese`
 * reads two names as a family name and a given name of syllables, written apart, hyphenated
 * or as one word. Korean names (McCune-Reischauer / Revised) are read by ./korean.ts.
 */

import { memoized } from '../../domain/memo';

/** Family names in pinyin; a Wade-Giles spelling is recognised by its key. */
const SURNAMES = ['wang', 'li', 'zhang', 'liu', 'chen', 'yang', 'huang', 'zhao', 'wu', 'zhou', 'xu', 'sun', 'ma', 'zhu', 'hu', 'guo', 'he', 'lin', 'gao',
  'luo', 'zheng', 'liang', 'xie', 'song', 'tang', 'han', 'feng', 'deng', 'cao', 'peng', 'zeng', 'xiao', 'tian', 'dong', 'pan', 'yuan', 'cai', 'jiang',
  'yu', 'du', 'ye', 'cheng', 'wei', 'su', 'lu', 'ding', 'ren', 'shen', 'yao', 'cui', 'zhong', 'tan', 'fan', 'jin', 'shi', 'mao', 'qian', 'kong', 'bai',
  'hou', 'qin', 'xiong', 'meng', 'qiu', 'xue', 'lei', 'long', 'duan', 'hao', 'kang', 'shao', 'wen', 'liao', 'yin', 'gu', 'fu', 'lai', 'zou', 'xiong'];

/** One key for the spellings of a romanised Chinese word in either system. */
export const chineseKey: (word: string) => string = memoized((word) => word
    .replace(/ung/g, 'ong').replace(/ieh/g, 'ie').replace(/ih$/g, 'i').replace(/(?<=[sz])u$/, 'i').replace(/ng/g, 'N')
    .replace(/hs|sh|x/g, 'S').replace(/tz|ts|zh|ch|c|z|q|j/g, 'J').replace(/r/g, 'J')
    .replace(/[gk]/g, 'K').replace(/[td]/g, 'T').replace(/[pb]/g, 'P')
    .replace(/e(?=N)|o(?=N)/g, 'o').replace(/(.)\1+/g, '$1'), 20_000);

const SURNAME_KEYS = new Set(SURNAMES.map(chineseKey));
/** Syllables of either system: an initial, a final (with WG -ih, -ieh, -ung; pinyin -ong). */
const SYLLABLE = '(?:tz|ts|ch|sh|zh|hs|[bpmfdtnlgkhjqxrzcsyw])?(?:iung|iang|iong|uang|ieh|iao|ian|uai|uan|ung|ong|ang|eng|ing|ai|ao|ei|ou|an|en|in|un|ia|ie|io|iu|ua|uo|ui|ih|er|a|e|i|o|u)';
const WORD = new RegExp(`^(?:${SYLLABLE}){1,3}$`);

/** Whether a word splits into one to three romanised Chinese syllables. */
export const isChineseWord: (w: string) => boolean = memoized((w) => WORD.test(w), 20_000);

interface ChineseName { family: string; given: string }

function chineseName(core: readonly string[]): ChineseName | undefined {
  if (core.length < 2 || core.length > 4 || !core.every(isChineseWord)) return undefined;
  if (SURNAME_KEYS.has(chineseKey(core[0]))) return { family: chineseKey(core[0]), given: chineseKey(core.slice(1).join('')) };
  const last = core[core.length - 1];
  if (SURNAME_KEYS.has(chineseKey(last))) return { family: chineseKey(last), given: chineseKey(core.slice(0, -1).join('')) };
  return undefined;
}

/** Spellings only Wade-Giles has (pinyin never writes hs, ts, tz, -ung, -ieh, -ih, or ch before i and another letter). */
const WADE_GILES = /hs|ts|tz|ung|ieh|ih(?![a-z])|ch(?=i[a-z])/;

/**
 * Whether two names read as one Chinese name in two romanisations (same family and given
 * name keys); undefined when either is no Chinese name or neither is written in Wade-Giles
 * (the folding would join pinyin's distinct j / q / zh or b / p).
 */
export function compareChinese(a: readonly string[], b: readonly string[]): boolean | undefined {
  const x = chineseName(a);
  const y = chineseName(b);
  if (!x || !y || !(WADE_GILES.test(a.join(' ')) || WADE_GILES.test(b.join(' ')))) return undefined;
  return x.family === y.family && x.given === y.given;
}
