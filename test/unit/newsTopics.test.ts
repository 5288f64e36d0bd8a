/**
 * Topic matching on stems (src/services/news/topics.ts): inflected and derived forms of a taxonomy
 * word match in each stemmed language, a phrase's words may stand a few words apart, an ambiguous
 * word alone sets nothing, a generic cue gives way to a specific one, and Chinese and Arabic still match.
 */
import { classify } from '../../src/services/news/topics';
import { stem } from '../../src/services/news/stemming';

describe('stems', () => {
  test.each([
    ['en', ['laundering', 'launder', 'laundered', 'launders']],
    ['fr', ['blanchiment', 'blanchi', 'blanchir', 'blanchis']],
    ['de', ['geldwasche', 'geldwaschen']],
    ['es', ['sobornos', 'soborno', 'sobornó'.normalize('NFKD').replace(/\p{M}/gu, '')]],
  ])('%s: %j share one stem', (lang, words) => {
    expect(new Set((words as string[]).map((w) => stem(lang as string, w))).size).toBe(1);
  });
});

describe('stemmed matching', () => {
  test.each([
    ['en', 'The trader was found to have laundered cartel cash', 'Money Laundering'],
    ['en', 'Regulator says the bank launders money for clients', 'Money Laundering'],
    ['fr', 'Le négociant aurait blanchi des millions', 'Money Laundering'],
    ['de', 'Ermittlungen wegen Geldwäscherei gegen den Händler', 'Money Laundering'],
    ['es', 'El alcalde sobornó a los inspectores', 'Corruption'],
    ['en', 'Two executives bribed customs officers', 'Corruption'],
    ['fr', 'Le groupe a été sanctionné par Washington pour contournement des sanctions', 'Sanctions'],
    ['de', 'Der Konzern wurde verklagt', 'Litigation'],
    // Forms that no written phrase or `*` covers: only the stem matches them.
    ['en', 'Group hacks the ministry email server', 'Cyber Attack'],
    ['es', 'Los juicios contra la empresa siguen', 'Litigation'],
    ['fr', 'Les plaignantes réclament des millions', 'Litigation'],
  ])('%s: %s', (lang, text, flag) => {
    expect(classify(text, lang).risk_flags).toContain(flag);
  });

  test('a phrase matches with words between its words, in order only', () => {
    expect(classify('Workers describe forced and unpaid labour', 'en').risk_flags).toContain('Forced Labour');
    expect(classify('Adviser faces conflicts of personal interest', 'en').risk_flags).toContain('Political Exposure');
    expect(classify('The interest of both sides in ending the conflict', 'en').risk_flags).toEqual([]);
    expect(classify('Labour unions say overtime was forced on nobody', 'en').risk_flags).toEqual([]);
  });

  test('the article language picks the stemmer; without one it is detected', () => {
    expect(classify('La banque a blanchi des fonds', 'fr').risk_flags).toContain('Money Laundering');
    expect(classify('La banque a blanchi des fonds pour le cartel').risk_flags).toContain('Money Laundering');
    expect(classify('Group hacks the ministry email server', 'fr').risk_flags).toEqual([]);
  });
});

describe('ambiguous and generic words', () => {
  test.each([
    ['en', 'Fine weather lifts ice cream sales'],
    ['en', 'Council sanctions new cycle lanes'],
    ['en', 'Striker scores twice as the team attacks early'],
    ['en', 'Retailer adds a delivery charge on small orders'],
    ['fr', 'Une amende pour stationnement'],
    ['en', 'Drug maker starts a clinical trial'],
  ])('%s alone sets nothing: %s', (lang, text) => {
    expect(classify(text, lang).topics).toEqual([]);
  });

  test('an ambiguous word counts beside a second cue of its topic', () => {
    expect(classify('The regulator fined the bank', 'en').risk_flags).toContain('Regulatory Action');
    expect(classify('Hackers attack the hospital network', 'en').topics).toContain('cybersecurity');
  });

  test('a generic cue (an arrest) sets its topic alone, and gives way to a specific one', () => {
    expect(classify('Police arrested three men at the harbour', 'en').topics).toEqual(['criminal']);
    expect(classify('Police arrested three men for financing terrorism', 'en').topics).toEqual(['terrorism']);
  });
});

describe('languages without a stemmer', () => {
  test('Chinese matches as text, Arabic with its prefixes removed', () => {
    expect(classify('该公司涉嫌洗钱', 'zh').risk_flags).toEqual(['Money Laundering']);
    expect(classify('الشركة متهمة بغسل الأموال', 'ar').risk_flags).toContain('Money Laundering');
    expect(classify('公司发布年度报告', 'zh').topics).toEqual([]);
  });
});
