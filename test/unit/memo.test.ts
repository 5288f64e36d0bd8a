/** memoized: a remembered pure function of a string, bounded in size. */
import { memoized } from '../../src/domain/memo';
import { nameCore } from '../../src/search/analysis';

describe('memoized', () => {
  test('calls the function once per argument while it is remembered, and answers the same value', () => {
    const calls: string[] = [];
    const upper = memoized((s) => { calls.push(s); return s.toUpperCase(); }, 3);
    expect([upper('a'), upper('b'), upper('a'), upper('b')]).toEqual(['A', 'B', 'A', 'B']);
    expect(calls).toEqual(['a', 'b']);
  });

  test('past its bound it starts again empty, and still answers right', () => {
    const calls: string[] = [];
    const id = memoized((s) => { calls.push(s); return s; }, 2);
    for (const s of ['a', 'b', 'c', 'a']) expect(id(s)).toBe(s);
    // 'c' found the memory full and emptied it, so 'a' is worked out again.
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });

  test('a remembered name analysis is frozen, so no caller can change what the next one gets', () => {
    const a = nameCore('Ivan Petrov LLC');
    expect(nameCore('Ivan Petrov LLC')).toBe(a);
    expect(() => (a.core as string[]).push('x')).toThrow(TypeError);
    expect(nameCore('Ivan Petrov LLC').core).toEqual(['ivan', 'petrov']);
  });
});
