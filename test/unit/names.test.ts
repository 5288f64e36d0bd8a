import { analyze, compactIdentifier, editDistance, foldWord, normalizeName, skeleton } from '../../src/domain/names';
import { nameSimilarity, compareDates, scoreCandidate, ResolveParams } from '../../src/services/resolve';

describe('name normalisation', () => {
  test('case, diacritics and special Latin letters fold to plain lower case', () => {
    expect(normalizeName('José Muñoz Ferrer')).toBe('jose munoz ferrer');
    expect(normalizeName('Łukasz Wójcik')).toBe('lukasz wojcik');
    expect(normalizeName('Zoë Hartmann')).toBe('zoe hartmann');
    expect(normalizeName('Ayşe Yılmaz')).toBe('ayse yilmaz');
    expect(normalizeName('Søren Ødegaard')).toBe('soren odegaard');
    expect(normalizeName('Größer Straße')).toBe('grosser strasse');
    expect(normalizeName('Inga Bērziņa')).toBe('inga berzina');
  });

  test('punctuation separates words', () => {
    expect(normalizeName("O'Brien-Smith, J.")).toBe('o brien smith j');
    expect(normalizeName('  ACME   (UK)  ')).toBe('acme uk');
  });

  test('Cyrillic is transliterated (Russian, Ukrainian, Belarusian, Serbian)', () => {
    expect(normalizeName('Виктор Антонов')).toBe('viktor antonov');
    expect(normalizeName('Дмитрий Волков')).toBe('dmitriy volkov');
    // A word with a Ukrainian-only letter (і, ї, є, ґ) takes the Ukrainian convention (г -> h);
    // Мельник has none, so it reads as Russian; the skeleton (y -> i) equates melnik and melnyk.
    expect(normalizeName('Ігор Мельник')).toBe('ihor melnik');
    expect(skeleton('melnik')).toBe(skeleton('melnyk'));
    expect(normalizeName('Аляксандр Кавалёнак')).toBe('alyaksandr kavalenak');
    expect(normalizeName('Горан Петровић')).toBe('goran petrovic');
    expect(foldWord('Щукин')).toBe('shchukin');
  });

  test('Greek is transliterated, digraphs included', () => {
    expect(normalizeName('Ανδρέας Γεωργίου')).toBe('andreas georgiou');
    expect(normalizeName('Νίκος Παπαδάκης')).toBe('nikos papadakis');
    expect(normalizeName('Μπάμπης')).toBe('babis');
  });

  test('company forms become one canonical token', () => {
    expect(normalizeName('Acme Trading Limited')).toBe('acme trading ltd');
    expect(normalizeName('ACME TRADING LTD.')).toBe('acme trading ltd');
    expect(normalizeName('Acme L.L.C.')).toBe('acme llc');
    expect(normalizeName('ООО Северстрой')).toBe('llc severstroy');
    expect(normalizeName('Acme Limited Liability Company')).toBe('acme llc');
    expect(normalizeName('Oakridge Energie GmbH')).toBe('oakridge energie gmbh');
    expect(normalizeName('Steppe Agri Holding B.V.')).toBe('steppe agri holding bv');
    expect(normalizeName('Lux Invest S.à r.l.')).toBe('lux invest sarl');
    expect(normalizeName('Nowak Sp. z o.o.')).toBe('nowak spzoo');
    expect(normalizeName('Ferrum Corporation')).toBe('ferrum corp');
  });

  test('single letters are not a company form inside a name', () => {
    expect(normalizeName('Maria S A Lopez')).toBe('maria s a lopez');
    expect(normalizeName('Iberia S.A.')).toBe('iberia sa');
  });

  test('tokens carry the span of the original words (for highlights)', () => {
    const text = 'Виктор ANTONOV Ltd.';
    const tokens = analyze(text);
    expect(tokens.map((t) => [t.text, text.slice(t.start, t.end)])).toEqual([['viktor', 'Виктор'], ['antonov', 'ANTONOV'], ['ltd', 'Ltd']]);
  });

  test('compact identifiers ignore punctuation and case', () => {
    expect(compactIdentifier('12-345 678')).toBe('12345678');
    expect(compactIdentifier('HE 123456')).toBe('he123456');
  });

  test('edit distance counts adjacent transpositions as one edit', () => {
    expect(editDistance('antonov', 'antonov')).toBe(0);
    expect(editDistance('antonov', 'antnov')).toBe(1);
    expect(editDistance('antonov', 'atnonov')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });

  test('transliteration variants share a skeleton', () => {
    expect(skeleton('dmitri')).toBe(skeleton('dmitriy'));
    expect(skeleton('dmitry')).toBe(skeleton('dmitriy'));
    expect(skeleton('sergei')).toBe(skeleton('sergey'));
    expect(skeleton('yelena')).toBe(skeleton('elena'));
    expect(skeleton('aleksandr')).toBe(skeleton('alexandr'));

    expect(skeleton('mikhail')).toBe(skeleton('michail'));
  });
});

describe('resolution scoring', () => {
  test('name similarity tolerates typos, word order, transliteration and company forms', () => {
    expect(nameSimilarity('Viktor Antonov', 'Viktor Antonov', 1).similarity).toBe(1);
    expect(nameSimilarity('Antonov Viktor', 'Viktor Antonov', 1).similarity).toBe(1);
    expect(nameSimilarity('Виктор Антонов', 'Viktor Antonov', 1).similarity).toBe(1);
    expect(nameSimilarity('Viktor Antnov', 'Viktor Antonov', 1).similarity).toBeGreaterThan(0.9);
    expect(nameSimilarity('Acme Trading Limited', 'ACME TRADING LTD', 1).similarity).toBe(1);
    expect(nameSimilarity('Acme Trading LLC', 'Acme Trading GmbH', 1).similarity).toBe(1);
    expect(nameSimilarity('Dmitry Volkov', 'Dmitri Volkov', 1).similarity).toBeGreaterThan(0.9);
    expect(nameSimilarity('Viktor Petrov', 'Viktor Antonov', 1).similarity).toBeLessThan(0.8);
    expect(nameSimilarity('Viktor', 'Viktor Antonov', 1).similarity).toBeLessThanOrEqual(0.75);
  });

  test('fuzziness 0 means exact words', () => {
    expect(nameSimilarity('Viktor Antnov', 'Viktor Antonov', 0).similarity).toBeLessThan(0.8);
  });

  test('dates agree, are compatible or conflict', () => {
    expect(compareDates('1964-07-12', '1964-07-12')).toBe('same');
    expect(compareDates('1964-07', '1964-07-12')).toBe('compatible');
    expect(compareDates('1964-08', '1964-07-12')).toBe('conflict');
    expect(compareDates('1965', '1964-07-12')).toBe('conflict-year');
  });

  const candidate = (over: Partial<Record<string, unknown>> = {}) => ({
    id: 'x', props: { id: 'x' }, names: ['Viktor Antonov'], identifiers: [{ type: 'passport', value: '75 4412873' }],
    datesOfBirth: ['1964-07-12'], countries: ['RUS'], addresses: [], sources: [], ...over,
  }) as any;
  const params = (over: Partial<ResolveParams> = {}): ResolveParams => ({
    name: [], identifier: [], country: [], address: [], dob: [], fuzziness: {}, strict: false, limit: 10, ...over,
  });

  test('an identifier match outweighs a name match', () => {
    const byId = scoreCandidate(params({ name: ['Ivan Petrov'], identifier: ['754412873'] }), candidate())!;
    const byName = scoreCandidate(params({ name: ['Ivan Petrov'], identifier: ['754412873'] }), candidate({ names: ['Ivan Petrov'], identifiers: [] }))!;
    expect(byId.score).toBeGreaterThan(byName.score);
  });

  test('a conflicting date of birth or country lowers the score', () => {
    const same = scoreCandidate(params({ name: ['Viktor Antonov'], dob: ['1964-07-12'] }), candidate())!;
    const none = scoreCandidate(params({ name: ['Viktor Antonov'] }), candidate())!;
    const other = scoreCandidate(params({ name: ['Viktor Antonov'], dob: ['1971-01-02'] }), candidate())!;
    expect(same.score).toBeGreaterThan(none.score);
    expect(other.score).toBeLessThan(none.score);
    const wrongCountry = scoreCandidate(params({ name: ['Viktor Antonov'], country: ['FRA'] }), candidate())!;
    expect(wrongCountry.score).toBeLessThan(none.score);
    expect(other.explanation.dob!.match_quality).toBe('conflict');
  });

  test('among names equal once legal forms are canonical, the one written as asked ranks first', () => {
    const asked = params({ name: ['Pinefield Consulting Co., Limited'] });
    const written = scoreCandidate(asked, candidate({ names: ['Pinefield Consulting Co., Limited'], identifiers: [] }))!;
    const canonical = scoreCandidate(asked, candidate({ names: ['Pinefield Consulting Ltd'], identifiers: [] }))!;
    expect(written.explanation.name!.similarity).toBe(1);
    expect(canonical.explanation.name!.similarity).toBe(1);
    expect(written.score).toBeGreaterThan(canonical.score);
  });

  test('another legal form of one family costs less than one of another family', () => {
    const company = (name: string) => candidate({ names: [name], identifiers: [], props: { id: 'x', type: 'company' }, countries: [] });
    const score = (query: string, listed: string) => scoreCandidate(params({ name: [query] }), company(listed))!;
    for (const core of ['Vostok Metals', 'Pinebridge Cargo', 'Orchid Textile']) {
      const same = score(`${core} LLC`, `${core} LLC`);
      // Translations mix forms of one family (OOO / Ltd, Co., Ltd. / Corp.): still a strong match, under the same form.
      for (const [a, b] of [['OOO', 'Ltd'], ['LLC', 'Limited'], ['Co., Ltd.', 'Corporation'], ['GmbH', 'Ltd'], ['AG', 'Inc.']]) {
        const near = score(`${core} ${a}`, `${core} ${b}`);
        expect({ a, b, strong: near.score >= 0.5, company_form: near.explanation.name!.company_form }).toEqual({ a, b, strong: true, company_form: 'different' });
        expect(near.score).toBeLessThan(same.score);
      }
      // A limited company and a stock corporation, or a company and a partnership, are two legal types: no best match on the name alone.
      for (const [a, b] of [['OOO', 'AO'], ['GmbH', 'AG'], ['LLC', 'LP'], ['Ltda', 'S.A.']]) {
        expect({ a, b, strong: score(`${core} ${a}`, `${core} ${b}`).score >= 0.5 }).toEqual({ a, b, strong: false });
      }
    }
  });

  test('strict keeps exact values only', () => {
    expect(scoreCandidate(params({ name: ['Viktor Antonov'], strict: true }), candidate())).toBeDefined();
    expect(scoreCandidate(params({ name: ['viktor antonov'], strict: true }), candidate())).toBeUndefined();
    expect(scoreCandidate(params({ name: ['Viktor Antonov'], dob: ['1964-07'], strict: true }), candidate())).toBeUndefined();
  });
});
