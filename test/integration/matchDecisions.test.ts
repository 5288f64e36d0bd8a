/**
 * Match decisions: a reviewer marks a project entity's match a true or false positive with a
 * reason; the match shows who and when, the history has the event, bad input names the parameter.
 */
import { Call, Harness, SAMPLE, callAs, startHarness } from '../support/harness';

let h: Harness;
let alice: Call;
let bob: Call;

beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE] });
  alice = callAs(h, 'alice', 'org-a');
  bob = callAs(h, 'bob', 'org-b');
});
afterAll(() => h.close());

describe('POST .../matches/{match_id}/decision', () => {
  test('a false positive with its reason: on the match, with who and when, and in the history', async () => {
    const pid = (await alice('POST', '/v1/projects', { label: 'Review' })).body.data.id;
    const pe = (await alice('POST', `/v1/projects/${pid}/entities/create`, { name: ['Northwind Holdings Ltd'], country: ['CYP'], identifier: ['HE345678'] })).body.data;
    const path = `/v1/projects/${pid}/entities/${pe.id}/matches/e-cy-northwind-holdings/decision`;
    const res = await alice('POST', path, { decision: 'false_positive', reason: 'different registration, same name' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      project_entity_id: pe.id, match_id: 'e-cy-northwind-holdings', decision: 'false_positive', reason: 'different registration, same name',
      decided_by: 'alice', decided_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const got = await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`);
    expect(got.body.data.matches[0]).toMatchObject({ match_id: 'e-cy-northwind-holdings', decision: { decision: 'false_positive', reason: 'different registration, same name', decided_by: 'alice' } });
    const events = (await h.redis.xrange('history:org-a:alice', '-', '+')).map(([, f]) => ({ event: f[f.indexOf('event') + 1], data: JSON.parse(f[f.indexOf('data') + 1]) }));
    expect(events.filter((e) => e.event === 'match.decided').map((e) => e.data)).toEqual([
      { project_id: pid, project_entity_id: pe.id, match_id: 'e-cy-northwind-holdings', decision: 'false_positive', reason: 'different registration, same name' },
    ]);
    // A later decision replaces it.
    expect((await alice('POST', path, { decision: 'true_positive', reason: 'checked the register' })).body.data.decision).toBe('true_positive');

    const bad: [unknown, string][] = [[{ decision: 'maybe', reason: 'x' }, 'decision'], [{ decision: 'true_positive' }, 'reason'], [{ decision: 'true_positive', reason: ' ' }, 'reason']];
    for (const [body, param] of bad) {
      const r = await alice('POST', path, body);
      expect(r.status).toBe(400);
      expect(r.body.message.join(' ')).toMatch(new RegExp(`^${param}:`));
    }
    expect((await alice('POST', `/v1/projects/${pid}/entities/${pe.id}/matches/e-nope/decision`, { decision: 'true_positive', reason: 'x' })).status).toBe(404);
    expect((await bob('POST', path, { decision: 'true_positive', reason: 'x' })).status).toBe(404);
  });
});
