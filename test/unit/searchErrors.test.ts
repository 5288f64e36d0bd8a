import { toApiError } from '../../src/http/errors';
import { Neo4jError } from 'neo4j-driver';
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

  test("Neo4j ending a statement at its transaction timeout is a 503 with Retry-After, not a 500", () => {
    const e = toApiError(new Neo4jError('The transaction has not completed within the timeout specified at its start by the client.', 'Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration', '25N06', 'error'));
    expect([e.status, e.messages, e.headers]).toEqual([503, ['the graph database did not answer in time; try again shortly'], { 'Retry-After': '5' }]);
  });
});
