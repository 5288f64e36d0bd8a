import { shortestPathEntities } from '../../src/http/routes/traversal';

describe('the two ids of /v1/shortest_path', () => {
  test('repeated parameters, and the published client\'s one-value example "A&entities=B"', () => {
    expect(shortestPathEntities(['a', 'b'])).toEqual(['a', 'b']);
    expect(shortestPathEntities(['H1y25N5ymnFyZ-q9Lpwm_g&entities=xthsA_jQuKn3GW8-9ILQqg'])).toEqual(['H1y25N5ymnFyZ-q9Lpwm_g', 'xthsA_jQuKn3GW8-9ILQqg']);
  });

  test('anything but two non-empty ids of at most 512 characters is a 400 naming entities', () => {
    for (const values of [['a'], ['a&entities=b&entities=c'], ['a&entities=b', 'c'], ['a&entities='], ['a', 'x'.repeat(513)]]) {
      expect(() => shortestPathEntities(values)).toThrow(/^entities: /);
    }
  });
});
