import fs from 'node:fs';
import { CYPHER_DIR, cypher, placeholdersOf, statement, statementNames } from '../../src/graph/cypherFiles';

const files = fs.readdirSync(CYPHER_DIR).filter((f) => f.endsWith('.cypher')).map((f) => f.replace(/\.cypher$/, ''));
const everyStatement = files.flatMap((file) => statementNames(file).map((name) => ({ file, name, text: cypher(file, name) })));

describe('statement', () => {
  test('fills every placeholder with its value', () => {
    const text = statement('traversal', 'shortest-path', { TYPES: 'HAS_OWNER|OWNER_OF', MAX: 4 });
    expect(text).toContain('(a)-[r:HAS_OWNER|OWNER_OF WHERE ');
    expect(text).toContain(']->{1,4}(b)');
    expect(placeholdersOf(text)).toEqual([]);
  });

  test('fills every use of a placeholder, and nothing inside a value', () => {
    const text = statement('traversal', 'step-filter', { REL: 'r', TO: '__TO__' });
    expect(text).not.toContain('__REL__');
    expect(text.match(/\br\.percentage\b/g)).toHaveLength(2);
    expect(text).toContain('NOT __TO__:Closed');
  });

  test('throws on a value for a placeholder the statement does not have', () => {
    expect(() => statement('traversal', 'shortest-path', { TYPES: 'HAS_OWNER', MAX: 4, MIN: 1 }))
      .toThrow('cypher/traversal.cypher#shortest-path has no placeholder __MIN__');
  });

  test('throws on a placeholder left unfilled', () => {
    expect(() => statement('traversal', 'shortest-path', { TYPES: 'HAS_OWNER' }))
      .toThrow('cypher/traversal.cypher#shortest-path leaves __MAX__ unfilled');
    expect(() => statement('traversal', 'levels')).toThrow(/leaves __LEVELS__, __MAX__, .* unfilled/);
  });

  test('a statement without placeholders needs no values', () => {
    expect(statement('traversal', 'source-entity')).toBe(cypher('traversal', 'source-entity'));
  });

  test('every statement of every file can be filled from its own placeholders, and only from those', () => {
    expect(everyStatement.length).toBeGreaterThan(50);
    for (const { file, name, text } of everyStatement) {
      const values = Object.fromEntries(placeholdersOf(text).map((p) => [p, 'x']));
      expect(placeholdersOf(statement(file, name, values))).toEqual([]);
      expect(() => statement(file, name, { ...values, NOT_A_PLACEHOLDER: 'x' })).toThrow();
    }
  });

  test('each placeholder has one meaning: __TYPES__ is a list of types after a colon, __TYPE_EXPRESSION__ a whole type expression after a variable', () => {
    const uses = everyStatement.flatMap(({ file, name, text }) => [...text.matchAll(/(.)__(TYPES|TYPE_EXPRESSION)__/g)]
      .map((m) => ({ where: `${file}#${name}`, before: m[1], placeholder: m[2] })));
    expect(uses.filter((u) => u.placeholder === 'TYPES').length).toBeGreaterThan(0);
    expect(uses.filter((u) => u.placeholder === 'TYPE_EXPRESSION').length).toBeGreaterThan(0);
    expect(uses.filter((u) => (u.placeholder === 'TYPES' ? u.before !== ':' : !/\w/.test(u.before)))).toEqual([]);
  });
});
