import { POSSIBLY_SAME_AS, RELATIONSHIP_TYPES, neo4jRelType } from '../../src/domain/relationships';
import { typeExpression } from '../../src/services/traversal';

const ALL = RELATIONSHIP_TYPES.map(neo4jRelType);
const PSA = neo4jRelType(POSSIBLY_SAME_AS);

describe('the relationship-type expression of a level-by-level step', () => {
  test('every type that joins two entities: no expression at all', () => {
    expect(typeExpression([...ALL, PSA])).toBe('');
    expect(typeExpression([PSA, ...ALL].reverse())).toBe('');
  });

  test('all but a few: the few, negated', () => {
    expect(typeExpression(ALL)).toBe(`:!${PSA}`);
    expect(typeExpression([...ALL.slice(1), PSA])).toBe(`:!${ALL[0]}`);
    expect(typeExpression(ALL.slice(2))).toBe(`:!${ALL[0]}&!${ALL[1]}&!${PSA}`);
  });

  test('a few: the few, as alternatives', () => {
    expect(typeExpression(['HAS_SHAREHOLDER', 'SHAREHOLDER_OF'])).toBe(':HAS_SHAREHOLDER|SHAREHOLDER_OF');
    expect(typeExpression([PSA])).toBe(`:${PSA}`);
  });

  test('the expression names exactly the types followed, whichever form it takes', () => {
    const universe = [...ALL, PSA];
    for (let n = 1; n < universe.length; n += 7) {
      const followed = universe.filter((_, i) => (i * 31) % universe.length < n);
      const expr = typeExpression(followed).slice(1);
      const matches = (type: string) => (expr.startsWith('!') ? expr.split('&').every((x) => x !== `!${type}`) : expr.split('|').includes(type));
      expect(universe.filter(matches).sort()).toEqual([...followed].sort());
    }
  });
});
