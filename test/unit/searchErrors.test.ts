import { toApiError } from '../../src/http/errors';
import { MeiliError } from '../../src/search/meiliClient';

describe('errors from libraries and backends', () => {
  test("a Meilisearch 4xx (e.g. a bad key) is a 502 with a generic message, not the backend's status", () => {
    const e = toApiError(new MeiliError(401, 'invalid_api_key', 'meilisearch POST /multi-search: 401 The provided API key is invalid.'));
    expect(e.status).toBe(502);
    expect(e.messages).toEqual(['a backend service failed; try again later']);
  });

  test('only client errors marked expose keep their 4xx status', () => {
    expect(toApiError(Object.assign(new Error('request aborted'), { status: 400, expose: true })).status).toBe(400);
    const internal = toApiError(Object.assign(new Error('some library detail'), { status: 404 }));
    expect(internal.status).toBe(500);
    expect(internal.messages).toEqual(['internal error']);
  });
});
