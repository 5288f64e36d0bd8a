/**
 * Read-your-writes across two API instances (two apps on the same Neo4j and Redis): a client's
 * write on one instance keeps its Neo4j bookmarks in Redis before answering, and the client's
 * next call on project state on the other instance opens its sessions after them, which on a
 * Neo4j cluster makes a secondary wait for that write.
 */
import { BookmarkStore } from '../../src/feeds/bookmarks';
import { recordAccessModes } from '../support/accessModes';
import { Harness, startHarness } from '../support/harness';

let a: Harness;
let b: Harness;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  a = await startHarness();
  b = await startHarness({ wipe: false });
});
afterAll(async () => {
  await a.close();
  await b.close();
});

describe('Neo4j bookmarks between instances', () => {
  test('a project created on one instance is read on the other after the write\'s bookmarks', async () => {
    const modes = recordAccessModes(b.graph);
    const created = await a.json('/v1/projects', { method: 'POST', headers: json, body: JSON.stringify({ label: 'two instances' }) });
    expect(created.status).toBe(200);
    // Kept before the write answered: the dev client's bookmarks are there at once.
    const kept = await new BookmarkStore(a.redis).get('dev');
    expect(kept.length).toBeGreaterThan(0);

    const read = await b.json(`/v1/projects/${created.body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.label).toBe('two instances');
    expect(modes.sessionBookmarks.length).toBeGreaterThan(0);
    expect(modes.sessionBookmarks.every((bookmarks) => JSON.stringify(bookmarks) === JSON.stringify(kept))).toBe(true);
  });

  test('routes outside project state (entity reads) pass no bookmark', async () => {
    const modes = recordAccessModes(b.graph);
    const res = await b.json('/v1/entity/no-such-entity');
    expect(res.status).toBe(404);
    expect(modes.sessionBookmarks.length).toBeGreaterThan(0);
    expect(modes.sessionBookmarks.flat()).toEqual([]);
  });
});
