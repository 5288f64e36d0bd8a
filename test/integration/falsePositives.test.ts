/**
 * False-positive silencing with a running `graph-api worker`: a match marked a false positive
 * raises no notification and no risk change for its project entity when the matched entity
 * changes (a factor removed, a factor it had at the decision come back), and raises one again
 * when it gains a factor it did not have then. A second project saving the same entity, with no
 * decision, shows that each change did produce a notification.
 */
import { Harness, writeNdjson } from '../support/harness';
import { ingestAndQueue, saveEntities, useHarnessWithWorker, waitForIdle } from '../support/worker';
import { OFAC, entity, source } from '../support/workerFixtures';

let h: Harness;
useHarnessWithWorker((harness) => {
  h = harness;
});

const PEP = { factor: 'pep' };
const UN = { factor: 'sanctioned_un_sc' };

const notifications = async (projectId: string) => (await h.json(`/v1/notifications/projects/${projectId}`)).body.data as { resource_id: string; risk_notifications: { added: string[]; removed: string[] } }[];
const riskChanges = async (projectId: string) => ((await h.json(`/v1/projects/${projectId}/entities/changes/risk`)).body.data.risk_changes as { risk_factors: { id: string; change_type: string }[] }[])
  .flatMap((c) => c.risk_factors.map((f) => `${f.change_type} ${f.id}`)).sort();
const resourceNotifications = async (resourceId: string) => (await h.json(`/v1/notifications/resources/${resourceId}`)).body.data as { field: string }[];

async function load(name: string, risk: { factor: string; country?: string[] }[]): Promise<void> {
  await ingestAndQueue(h, writeNdjson(name, [source, entity('fp-match', risk)]));
  await waitForIdle(h);
}

test('a false positive is silent until the matched entity gains a factor it did not have at the decision', async () => {
  await load('fp-base.ndjson', [OFAC, PEP]);
  const silenced = await saveEntities(h, ['fp-match'], 'reviewed');
  const control = await saveEntities(h, ['fp-match'], 'not reviewed');
  const pe = silenced.resources.get('fp-match')!;
  const decided = await h.json(`/v1/projects/${silenced.projectId}/entities/${pe}/matches/fp-match/decision`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ decision: 'false_positive', reason: 'another person of the same name' }),
  });
  expect(decided.status).toBe(200);

  // An unrelated change: the PEP flag goes, then comes back (it was there at the decision).
  await load('fp-pep-gone.ndjson', [OFAC]);
  await load('fp-pep-back.ndjson', [OFAC, PEP]);
  expect((await notifications(control.projectId)).map((n) => n.risk_notifications)).toEqual([
    { added: ['pep'], removed: [], date: expect.any(String) },
    { added: [], removed: ['pep'], date: expect.any(String) },
  ]);
  expect(await notifications(silenced.projectId)).toEqual([]);
  expect(await riskChanges(silenced.projectId)).toEqual([]);
  expect(await resourceNotifications(pe)).toEqual([]);

  // A factor the entity did not have when it was judged: the reviewer hears of it.
  await load('fp-un.ndjson', [OFAC, PEP, UN]);
  expect((await notifications(silenced.projectId)).map((n) => [n.resource_id, n.risk_notifications.added, n.risk_notifications.removed]))
    .toEqual([[pe, ['sanctioned_un_sc'], []]]);
  expect(await riskChanges(silenced.projectId)).toEqual(['added sanctioned_un_sc']);
  expect((await resourceNotifications(pe)).map((n) => n.field)).toEqual(['sanctioned_un_sc']);
  expect(await notifications(control.projectId)).toHaveLength(3);

  // A true positive is not silenced: the same kind of change reaches it.
  await h.json(`/v1/projects/${silenced.projectId}/entities/${pe}/matches/fp-match/decision`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ decision: 'true_positive', reason: 'confirmed' }),
  });
  await load('fp-pep-gone-again.ndjson', [OFAC, UN]);
  expect((await notifications(silenced.projectId)).map((n) => n.risk_notifications.removed)).toEqual([['pep'], []]);
});
