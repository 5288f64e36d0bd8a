/**
 * The (:MatchedEntity) marker behind risk notifications (cypher/schema-risk.cypher): a score
 * write looks for projects to notify only where the marker is, so every match must make one,
 * and migrate gives one to the matches of a database from before the marker. Scored in-process,
 * delivering to the real Redis feed.
 */
import { NotificationFeed } from '../../src/feeds/notifications';
import { migrate } from '../../src/graph/migrate';
import { RiskScorer } from '../../src/services/risk';
import { Harness, startHarness, writeNdjson } from '../support/harness';
import { matchesWithoutMarker } from '../support/matchedEntities';
import { saveEntities } from '../support/worker';
import { OFAC, entity, fact, source } from '../support/workerFixtures';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const markers = async () => (await h.graph.read('MATCH (m:MatchedEntity) RETURN m.entity_id AS id ORDER BY id')).map((r) => r.get('id'));
const base = [source, entity('me-target'), entity('me-owner'), entity('me-other'), fact('has_shareholder', 'me-target', 'me-owner', 60)];
const ids = ['me-target', 'me-owner', 'me-other'];

test('a saved entity is marked; a database from before the marker gets it from migrate, once, and its risk change notifies', async () => {
  await h.ingest(writeNdjson('me-base.ndjson', base));
  const scorer = new RiskScorer(h.graph, new NotificationFeed(h.redis));
  await scorer.score(ids);
  const { projectId } = await saveEntities(h, ['me-target'], 'marker');
  expect(await markers()).toEqual(['me-target']);

  // As a database whose matches were made before the marker: none, and migrate's step not run.
  await h.graph.write("MATCH (n) WHERE n:MatchedEntity OR (n:MaintenanceStep AND n.id = 'matched-entity') DELETE n");
  expect(await matchesWithoutMarker(h.graph)).toEqual(['me-target']);
  await migrate(h.graph);
  expect(await markers()).toEqual(['me-target']);
  expect(await matchesWithoutMarker(h.graph)).toEqual([]);

  // The owner becomes sanctioned: the saved target is notified through its marker.
  await h.ingest(writeNdjson('me-sanction.ndjson', [source, entity('me-owner', [OFAC])]));
  const stats = await scorer.score(ids);
  expect(stats.notifications).toBe(1);
  const feed = await h.json(`/v1/notifications/projects/${projectId}`);
  expect(feed.body.size).toEqual({ count: 1, qualifier: 'eq' });

  // The backfill runs once per database: a marker lost after it is not scanned for again.
  await h.graph.write('MATCH (m:MatchedEntity) DELETE m');
  await migrate(h.graph);
  expect(await markers()).toEqual([]);
});
