/** A failing search backend is a 502 with a generic message: never its status, never its text. */
import { Harness, closedPort, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ wipe: false, backend: 'meilisearch', env: { MEILI_URL: `http://127.0.0.1:${await closedPort()}`, MEILI_KEY: 'not-a-key' } });
});
afterAll(() => h.close());

test('Meilisearch unreachable: search and resolve answer 502 without backend details', async () => {
  for (const path of ['/search/entity?q=antonov', '/search/record?q=antonov', '/resolve/entity?name=Antonov']) {
    const { status, body } = await h.json(path);
    expect(status).toBe(502);
    expect(body).toEqual({ status: 502, success: false, messages: ['a backend service failed; try again later'] });
  }
  const v1 = await h.json('/v1/search/entity?q=antonov');
  expect(v1.status).toBe(502);
  expect(JSON.stringify(v1.body)).not.toMatch(/meili|127\.0\.0\.1|ECONNREFUSED/i);
});
