import { ApiError } from '../../src/domain/errors';
import { parseQuery, QueryNode } from '../../src/search/syntax';
import { MAX_QUERY_CLAUSES, clauseCount, compileQuery, highlight, toLucene } from '../../src/search/query';
import { CANDIDATE_LIMITS, candidateLucene, candidateNameWords } from '../../src/search/neo4jFulltext';
import { skeleton } from '../../src/domain/names';
import { sxProperty } from '../../src/search/fields';

const FIELDS = ['name.value', 'identifier.value', 'identifier.type', 'address.value'];
const simple = (q: string) => parseQuery(q);
const advanced = (q: string) => parseQuery(q, { advanced: true, fields: FIELDS });
const term = (text: string, extra: Partial<QueryNode> = {}) => ({ kind: 'term', text, ...extra });

function rejects(fn: () => unknown, pattern: RegExp): void {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('validation');
    expect((err as ApiError).messages[0]).toMatch(/^q: /);
    expect((err as ApiError).messages[0]).toMatch(pattern);
    return;
  }
  throw new Error('expected a q error');
}

describe('simple query-string syntax', () => {
  test('words are ANDed; + is an explicit AND', () => {
    expect(simple('viktor antonov')).toEqual({ kind: 'and', children: [term('viktor'), term('antonov')] });
    expect(simple('viktor + antonov')).toEqual(simple('viktor antonov'));
  });

  test('| is OR and binds weaker than AND', () => {
    expect(simple('a b | c')).toEqual({ kind: 'or', children: [{ kind: 'and', children: [term('a'), term('b')] }, term('c')] });
  });

  test('- negates, quotes make phrases, * prefixes, ~ is fuzzy', () => {
    expect(simple('antonov -maxim')).toEqual({ kind: 'and', children: [term('antonov'), { kind: 'not', child: term('maxim') }] });
    expect(simple('"viktor antonov"')).toEqual({ kind: 'phrase', text: 'viktor antonov' });
    expect(simple('anto*')).toEqual(term('anto', { prefix: true }));
    expect(simple('antnov~')).toEqual(term('antnov', { fuzzy: 1 }));
    expect(simple('antnov~2')).toEqual(term('antnov', { fuzzy: 2 }));
  });

  test('parentheses nest', () => {
    expect(simple('(a | b) (c | (d -e))')).toEqual({
      kind: 'and',
      children: [
        { kind: 'or', children: [term('a'), term('b')] },
        { kind: 'or', children: [term('c'), { kind: 'and', children: [term('d'), { kind: 'not', child: term('e') }] }] },
      ],
    });
  });

  test('+ and - inside a word are part of it', () => {
    expect(simple('12-3456789')).toEqual(term('12-3456789'));
  });

  test('backslash escapes operator characters', () => {
    expect(simple('a\\|b')).toEqual(term('a|b'));
  });

  test('malformed syntax is read past, as a search engine\'s simple query string does', () => {
    const ab = { kind: 'and', children: [term('a'), term('b')] };
    expect(simple('(a b')).toEqual(ab);
    expect(simple('a b)')).toEqual(ab);
    expect(simple('a) (b')).toEqual(ab);
    expect(simple('"a b')).toEqual(ab);
    expect(simple('a "b')).toEqual(ab);
    expect(simple('acme (uk')).toEqual({ kind: 'and', children: [term('acme'), term('uk')] });
    expect(simple('a |')).toEqual(term('a'));
    expect(simple('| a')).toEqual(term('a'));
    expect(simple('a || b')).toEqual({ kind: 'or', children: [term('a'), term('b')] });
    expect(simple('a (| b)')).toEqual(ab);
    expect(simple('a -')).toEqual(term('a'));
    expect(simple('a + ) b')).toEqual(ab);
    expect(simple('a () b')).toEqual(ab);
    expect(simple('a ( | ) b (')).toEqual(ab);
    expect(simple('a~5')).toEqual(term('a', { fuzzy: 2 }));
    expect(simple('ab*~')).toEqual(term('ab', { prefix: true }));
    expect(simple('a*b')).toEqual(ab);
    expect(simple('a?b*')).toEqual({ kind: 'and', children: [term('a'), term('b', { prefix: true })] });
    expect(simple('a * b')).toEqual(ab);
    expect(simple('a ""')).toEqual(term('a'));
    expect(simple('o""brien')).toEqual({ kind: 'and', children: [term('o'), term('brien')] });
    expect(simple('smith --jones')).toEqual({ kind: 'and', children: [term('smith'), { kind: 'not', child: term('jones') }] });
    expect(simple('smith +-jones')).toEqual(simple('smith -jones'));
    expect(simple('smith -+jones')).toEqual(simple('smith jones'));
  });

  test('what cannot be searched is refused naming q', () => {
    rejects(() => simple('()'), /empty/);
    rejects(() => simple('( | -'), /empty/);
    rejects(() => simple('"'), /empty/);
    rejects(() => simple('""'), /empty/);
    rejects(() => simple('-a'), /only a negation/);
    rejects(() => simple('a | -b'), /negation cannot be an alternative/);
    rejects(() => simple('   '), /empty/);
    rejects(() => simple('x'.repeat(1001)), /longer than/);
    rejects(() => simple('((((((((((((((a))))))))))))))'), /nested/);
  });
});

describe('advanced syntax', () => {
  test('fielded terms, phrases and groups', () => {
    expect(advanced('name.value:antonov AND identifier.type:passport')).toEqual({
      kind: 'and', children: [term('antonov', { field: 'name.value' }), term('passport', { field: 'identifier.type' })],
    });
    expect(advanced('address.value:"high street"')).toEqual({ kind: 'phrase', field: 'address.value', text: 'high street' });
    expect(advanced('name.value:(viktor OR victor) NOT name.value:maxim')).toEqual({
      kind: 'and',
      children: [
        { kind: 'or', children: [term('viktor', { field: 'name.value' }), term('victor', { field: 'name.value' })] },
        { kind: 'not', child: term('maxim', { field: 'name.value' }) },
      ],
    });
  });

  test('&&, ||, ! and lower-case words', () => {
    expect(advanced('a && (b || c) !d')).toEqual({
      kind: 'and', children: [term('a'), { kind: 'or', children: [term('b'), term('c')] }, { kind: 'not', child: term('d') }],
    });
    expect(advanced('a and b')).toEqual({ kind: 'and', children: [term('a'), term('and'), term('b')] });
  });

  test('errors name q', () => {
    rejects(() => advanced('nickname.value:x'), /unknown field "nickname.value"/);
    rejects(() => advanced('name.value:'), /needs a value/);
    rejects(() => advanced('a AND'), /needs a term on both sides/);
    rejects(() => advanced('OR a'), /expected a term/);
    rejects(() => advanced('name.value:(address.value:x)'), /field inside another field/);
    rejects(() => advanced('NOT a'), /only a negation/);
    rejects(() => advanced('(a b'), /unbalanced "\("/);
    rejects(() => advanced('a b)'), /unbalanced "\)"/);
    rejects(() => advanced('"a b'), /unterminated quote/);
    rejects(() => advanced('()'), /empty group/);
    rejects(() => advanced('a~5'), /fuzziness/);
    rejects(() => advanced('a*b'), /wildcards/);
    rejects(() => advanced('a*~'), /both a prefix/);
  });
});

describe('compiled queries', () => {
  test('terms are normalised per field and become Lucene over the sx_* properties', () => {
    const node = compileQuery('Антонов "Viktor S." vik* voklov~', { target: 'entity', advanced: false, fields: ['name'] });
    expect(toLucene(node, sxProperty)).toBe('(+sx_name:antonov +sx_name:"viktor s" +sx_name:vik* +sx_name:voklov~1)');
  });

  test('Lucene of nested operators', () => {
    const node = compileQuery('(viktor | victor) antonov -maxim', { target: 'entity', advanced: false, fields: ['name'] });
    expect(toLucene(node, sxProperty)).toBe('(+(sx_name:viktor OR sx_name:victor) +sx_name:antonov -sx_name:maxim)');
  });

  test('company forms and identifiers', () => {
    const node = compileQuery('"Northwind Holdings Limited" 12-345', { target: 'entity', advanced: false, fields: ['name', 'identifier'] });
    expect(toLucene(node, sxProperty)).toBe(
      '(+(sx_name:"northwind holdings ltd" OR sx_identifier:"northwind holdings limited" OR sx_identifier:northwindholdingslimited) +(sx_name:"12 345" OR sx_identifier:"12 345" OR sx_identifier:12345))',
    );
  });

  test('a query of punctuation only is rejected', () => {
    expect(() => compileQuery('&&&', { target: 'entity', advanced: false })).toThrow(ApiError);
  });

  test('highlights wrap the matched original words', () => {
    const node = compileQuery('antonov viktor*', { target: 'entity', advanced: false });
    expect(highlight({ name: ['Виктор Сергеевич Антонов', 'Maxim ANTONOV'], address: ['Antonov Street'] }, node)).toEqual({
      name: ['<em>Виктор</em> Сергеевич <em>Антонов</em>', 'Maxim <em>ANTONOV</em>'],
      address: ['<em>Antonov</em> Street'],
    });
    const phrase = compileQuery('"high street"', { target: 'entity', advanced: false, fields: ['address'] });
    expect(highlight({ address: ['1 High Street, Street End'] }, phrase)).toEqual({ address: ['1 <em>High</em> <em>Street</em>, Street End'] });
    const id = compileQuery('123456789', { target: 'entity', advanced: false, fields: ['identifier'] });
    expect(highlight({ identifier: ['12-3456789'] }, id)).toEqual({ identifier: ['<em>12-3456789</em>'] });
  });
});

describe('clause bounds (Lucene refuses more than 1024 clauses)', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i.toString(36).padStart(2, '0')}`);

  test('a prefix or fuzzy term counts a clause per word per field; over the cap it is rejected naming q', () => {
    const q = `${words(100).join('-')}*`;
    expect(clauseCount(compileQuery(q, { target: 'entity', advanced: false, fields: ['name'] }))).toBe(100);
    rejects(() => compileQuery(q, { target: 'entity', advanced: false }), /too complex: it makes 700 index clauses \(at most 600\)/);
    rejects(() => compileQuery(`${words(100).join('-')}~1`, { target: 'entity', advanced: false }), /too complex/);
    // A phrase of the same words is one clause per field (7), plus the identifier's compact form.
    expect(clauseCount(compileQuery(`"${words(100).join(' ')}"`, { target: 'entity', advanced: false }))).toBe(8);
    expect(MAX_QUERY_CLAUSES).toBeLessThanOrEqual(1024 - 400);
  });

  test('the candidate query of 20 long names stays within the cap, each name represented', () => {
    const names = Array.from({ length: 20 }, (_, k) => words(80).map((w) => `${w}x${k}`));
    const lucene = candidateLucene({
      names, skeletons: names.flat().map(skeleton), identifiers: words(20), addresses: Array.from({ length: 20 }, () => words(80)),
      datesOfBirth: [['1964', '07', '12']], countries: ['rus'], fuzziness: 1, pool: 100,
    });
    const fuzzy = (lucene.match(/sx_name:\S+~\d/g) ?? []).length;
    const exact = (lucene.match(/ sx_\w+:/g) ?? []).length + (lucene.match(/\(sx_\w+:/g) ?? []).length - fuzzy;
    expect(fuzzy * CANDIDATE_LIMITS.fuzzyWordClauses + exact).toBeLessThanOrEqual(1024);
    expect(fuzzy).toBeGreaterThan(0);
    // The first picks are one word of each name, before a second word of any.
    const kept = candidateNameWords(names, 1).map(({ word }) => word.split('x')[1]);
    expect(new Set(kept.slice(0, Math.min(kept.length, 20))).size).toBe(Math.min(kept.length, 20));
  });

  test('company forms and weak words are dropped before informative words', () => {
    const kept = candidateNameWords([['the', 'holdings', 'ltd', 'severstroy', 'northwind'].concat(words(30))], 1).map(({ word }) => word);
    expect(kept.slice(0, 2)).toEqual(['severstroy', 'northwind']);
    expect(kept.slice(-3).sort()).toEqual(['holdings', 'ltd', 'the']);
    // With room for one fuzzy word only, the longest informative one is it.
    const names = [['ltd', 'holdings', 'severstroy', 'northwind']];
    const few = candidateNameWords(names, 1).filter(({ edits }) => edits > 0).map(({ word }) => word);
    expect(few[0]).toBe('severstroy');
  });
});
