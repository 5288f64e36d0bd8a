import { DOWNSTREAM_TYPES, POSSIBLY_SAME_AS, RELATIONSHIP_TYPES, UBO_TYPES, neo4jRelType } from '../../src/domain/relationships';
import { typeExpression } from '../../src/services/traversal';

const ALL = RELATIONSHIP_TYPES.map(neo4jRelType);
const PSA = neo4jRelType(POSSIBLY_SAME_AS);
const UBO = UBO_TYPES.map(neo4jRelType);
const DOWN = DOWNSTREAM_TYPES.map(neo4jRelType);

describe('the relationship-type expression of a step: a type group, never the types requested', () => {
  test('the ownership types up, with or without possibly-same-as, or a part of them: the ubo group', () => {
    const group = `:${[...UBO, PSA].join('|')}`;
    expect(typeExpression(UBO)).toBe(group);
    expect(typeExpression([...UBO, PSA])).toBe(group);
    expect(typeExpression(UBO.slice(1, 3))).toBe(group);
    expect(typeExpression([PSA])).toBe(group);
  });

  test('the ownership types down: the downstream group', () => {
    expect(typeExpression(DOWN)).toBe(`:${[...DOWN, PSA].join('|')}`);
    expect(typeExpression([DOWN[0], PSA])).toBe(`:${[...DOWN, PSA].join('|')}`);
  });

  test('any other set: no type in the pattern', () => {
    expect(typeExpression([...ALL, PSA])).toBe('');
    expect(typeExpression(ALL)).toBe('');
    expect(typeExpression([UBO[0], DOWN[0]])).toBe('');
    expect(typeExpression(['HAS_DIRECTOR'])).toBe('');
  });

  test('every expression names all the types it is given (the step filter narrows them with $relTypes)', () => {
    const universe = [...ALL, PSA];
    for (let n = 1; n < universe.length; n += 7) {
      const followed = universe.filter((_, i) => (i * 31) % universe.length < n);
      const expr = typeExpression(followed).slice(1);
      if (expr === '') continue;
      expect(followed.every((t) => expr.split('|').includes(t))).toBe(true);
    }
  });

  test('three expressions in all, whatever the set', () => {
    const seen = new Set<string>();
    for (let mask = 1; mask < 1 << 11; mask += 3) seen.add(typeExpression([...UBO, ...DOWN, PSA].filter((_, i) => mask & (1 << i))));
    expect(seen.size).toBe(3);
  });
});
