/**
 * Per-script conventions of the name-analysis pipeline (src/search/analysis): Georgian and
 * Ethiopic tables, consonant keys of Arabic- and Hebrew-script names, Korean given names,
 * kana length marks; and the retrieval keys for split words. The names here are not those of
 * the labelled pairs (bench/data/name-pairs.json), so the rules are checked on names they
 * were not tuned on.
 */
import { normalizeName } from '../../src/domain/names';
import {
  abjadAgrees, abjadKeys, compareKorean, consonantIndexKeys, consonantQueryKeys, koreanKey, koreanName, latinConsonantKey, nameCore, splitPairs,
  transliterateWord,
} from '../../src/search/analysis';
import { nameSimilarity, tokenMatch } from '../../src/services/resolve';

const sim = (a: string, b: string) => nameSimilarity(a, b, 1).similarity;
/** The strong tier's name similarity (`best_match` on a name alone). */
const STRONG = 0.84;

describe('Georgian: the national system', () => {
  test.each([
    ['ედუარდ შევარდნაძე', 'eduard shevardnadze'],
    ['ზურაბ ჟვანია', 'zurab zhvania'],
    ['ირაკლი ღარიბაშვილი', 'irakli gharibashvili'],
    ['ბიძინა', 'bidzina'],
    ['კობახიძე', 'kobakhidze'],
    ['ყიფიანი', 'qipiani'],
  ])('%s', (word, expected) => {
    expect(normalizeName(word)).toBe(expected);
  });

  test('Mtavruli capitals read as the lower-case letters', () => {
    expect(transliterateWord('ᲑᲘᲫᲘᲜᲐ')).toBe('bidzina');
  });
});

describe('Ethiopic: consonant rows and vowel orders', () => {
  test.each([
    ['አበበ', 'abebe'],
    ['ተስፋዬ', 'tesfaye'],
    ['አሕመድ', 'ahmed'],
    ['ኃይሌ', 'hayle'],
    ['ቴዎድሮስ', 'tewodros'],
    ['ግርማ', 'grma'],
  ])('%s', (word, expected) => {
    expect(transliterateWord(word)).toBe(expected);
  });

  test('names written in Ethiopic find their Latin spellings', () => {
    expect(sim('ቴዎድሮስ አድሓኖም', 'Tedros Adhanom')).toBeGreaterThanOrEqual(STRONG);
    expect(sim('ግርማ ወልደ ጊዮርጊስ', 'Girma Wolde-Giorgis')).toBeGreaterThanOrEqual(STRONG);
  });
});

describe('Arabic and Hebrew: consonant keys', () => {
  test('a Latin word\'s key: consonant classes, no vowels, y, j or w, no final h after a vowel', () => {
    expect(latinConsonantKey('abdullah')).toBe('bdl');
    expect(latinConsonantKey('netanyahu')).toBe('ntnh');
    expect(latinConsonantKey('yitzhak')).toBe('shk');
    expect(latinConsonantKey('david')).toBe('dbd');
    expect(latinConsonantKey('khaled')).toBe(latinConsonantKey('chaled'));
  });

  test('an Arabic- or Hebrew-script word reads every way its letters allow', () => {
    expect(abjadKeys('דוד')).toEqual(expect.arrayContaining(['dbd']));
    expect(abjadKeys('נתניהו')).toEqual(expect.arrayContaining(['ntnh']));
    expect(abjadKeys('الناصر')).toEqual(expect.arrayContaining(['lnsr', 'nsr']));
    expect(abjadAgrees(abjadKeys('صدام'), 'saddam')).toBe(true);
    expect(abjadAgrees(abjadKeys('علي'), 'ali')).toBe(true);
    // One consonant is too little for a longer word.
    expect(abjadAgrees(['l'], 'allie')).toBe(false);
  });

  test.each([
    ['יצחק רבין', 'Yitzhak Rabin'],
    ['גולדה מאיר', 'Golda Meir'],
    ['אריאל שרון', 'Ariel Sharon'],
    ['صدام حسين', 'Saddam Hussein'],
    ['حسن نصر الله', 'Hassan Nasrallah'],
  ])('%s finds %s', (script, latin) => {
    expect(sim(script, latin)).toBeGreaterThanOrEqual(STRONG);
    expect(nameSimilarity(script, latin, 1).tokens.every((t) => t.how === 'consonants')).toBe(true);
  });

  test('another given name or surname stays another name', () => {
    expect(sim('יצחק רבין', 'Yitzhak Cohen')).toBeLessThan(STRONG);
    expect(sim('דוד לוי', 'Dov Levi')).toBeLessThan(STRONG);
    expect(sim('صدام حسين', 'Saddam Haddad')).toBeLessThan(STRONG);
  });

  test('the index holds every reading; a query asks with its Arabic and Hebrew words only', () => {
    expect(consonantIndexKeys(nameCore('Benjamin Netanyahu'))).toEqual(['qbnmn', 'qntnh']);
    expect(consonantQueryKeys(nameCore('בנימין נתניהו'))).toEqual(expect.arrayContaining(['qbnmn', 'qntnh']));
    expect(consonantQueryKeys(nameCore('Benjamin Netanyahu'))).toEqual([]);
    // Strict comparison ignores them: fuzziness 0 compares as written.
    expect(tokenMatch('dvd', 'david', 0, abjadKeys('דוד')).how).toBe('none');
  });

  test('two words in the script need more than one shared consonant unless both are short', () => {
    expect(tokenMatch('علي', 'ليلى', 1, abjadKeys('علي'), abjadKeys('ليلى')).how).not.toBe('consonants');
    expect(tokenMatch('محمد', 'مهمد', 1, abjadKeys('محمد'), abjadKeys('مهمد')).how).toBe('consonants');
  });
});

describe('Korean given names: syllables', () => {
  test('romanisations of one syllable share a key', () => {
    expect(koreanKey('myungbak')).toBe(koreanKey('myongbag'));
    expect(koreanKey('daejung')).toBe(koreanKey('taechung'));
    expect(koreanKey('geunhye')).toBe(koreanKey('gunhye'));
    expect(koreanKey('yongchol')).not.toBe(koreanKey('yongchun'));
  });

  test('a Korean name is a family name and up to three syllables', () => {
    expect(koreanName(['kim', 'dae', 'jung'])).toEqual({ surname: 'kim', given: ['dae', 'jung'] });
    expect(koreanName(['ivan', 'petrov'])).toBeUndefined();
    // A given name written as one word on both sides has no syllables to tell it by.
    expect(compareKorean(['kim', 'jensen'], ['kim', 'jansen'])).toBeUndefined();
  });

  test('spellings of one name match, names a syllable apart do not', () => {
    expect(sim('Kim Dae-jung', 'Kim Tae-jung')).toBeGreaterThanOrEqual(STRONG);
    expect(sim('Moon Jae-in', 'Mun Chae-in')).toBeGreaterThanOrEqual(STRONG);
    expect(sim('Kim Jong-il', 'Kim Jong-un')).toBeLessThanOrEqual(0.75);
    expect(sim('Choe Son-hui', 'Choe Son-hwa')).toBeLessThanOrEqual(0.75);
    expect(sim('Kim Jong il', 'Kim Jongun')).toBeLessThanOrEqual(0.75);
    expect(sim('Kim Jensen', 'Kim Jansen')).toBeGreaterThanOrEqual(STRONG);
  });

  test('with fuzziness 0 one spelling is not lifted to another; different given names are still capped', () => {
    expect(nameSimilarity('Lee Myong Bag', 'Lee Myung-bak', 0).similarity).toBeLessThan(0.95);
    expect(nameSimilarity('Kim Jong-il', 'Kim Jong-un', 0).similarity).toBeLessThanOrEqual(0.75);
  });
});

describe('kana, split words, vessel prefixes, sounds', () => {
  test('the kana length mark lengthens the syllable before it', () => {
    expect(normalizeName('スーパー')).toBe('suu paa');
    expect(normalizeName('ソニー')).toBe('so nii');
  });

  test('adjacent words with a short piece are joined again for retrieval', () => {
    expect(splitPairs(['fis', 'cher', 'hans'])).toContain('fischer');
    expect(splitPairs(['ivan', 'petrov'])).toEqual(['ivanpetrov']);
    expect(splitPairs(['vladimir', 'petrovich'])).toEqual([]);
    expect(splitPairs(['a', 'volkov'])).toEqual([]);
  });

  test('vessel prefixes are dropped before a name', () => {
    expect(nameCore('MV Ocean Star').core).toEqual(['ocean', 'star']);
    expect(nameCore('HMS Iron Duke').core).toEqual(['iron', 'duke']);
  });

  test('a first letter that Double Metaphone hears alike', () => {
    expect(tokenMatch('jerrold', 'gerrold', 1).s).toBeGreaterThan(0);
    expect(tokenMatch('jeffers', 'geoffers', 1).how).toBe('phonetic');
    expect(tokenMatch('kaddour', 'qaddour', 1).s).toBeGreaterThan(0);
    // Codes are cut at four letters: another first letter needs the rest within one edit.
    expect(tokenMatch('greenwick', 'crownwick', 1).how).toBe('none');
    // A cut code of a long word needs the words within three edits as well.
    expect(tokenMatch('vectorstar', 'vectorbridge', 1).how).toBe('none');
    expect(tokenMatch('aleksandr', 'alexander', 1).s).toBeGreaterThan(0);
  });
});
