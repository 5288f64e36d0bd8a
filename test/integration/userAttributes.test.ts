/**
 * Entity attributes an organisation adds (the published client's postAttribute,
 * patchAttribute, deleteAttribute): the organisation's /v1/entity reads show them marked as
 * user-supplied, other organisations never see or change them (404), each change is a history
 * event, and bad input is a 400 naming the parameter.
 */
import { Call, Harness, SAMPLE, callAs, startHarness } from '../support/harness';

let h: Harness;
let alice: Call;
let bob: Call;
let mallory: Call;
const ENTITY = 'e-gb-northwind-logistics';

beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE] });
  alice = callAs(h, 'alice', 'org-attr-a');
  bob = callAs(h, 'bob', 'org-attr-a');
  mallory = callAs(h, 'mallory', 'org-attr-z');
});
afterAll(async () => {
  await h.close();
});

const ADDRESS = { street1: '1600 Pennsylvania Avenue NW', city: 'Washington DC', postalCode: '20500', country: 'US' };
const userItems = (body: any, field: string) => (body.attributes?.[field]?.data ?? []).filter((d: any) => d.user_supplied);

describe('entity attributes of an organisation', () => {
  let id: string;

  test('POST adds an attribute; the organisation reads it on the entity, counted and marked', async () => {
    const before = (await alice('GET', `/v1/entity/${ENTITY}`)).body;
    const res = await alice('POST', '/v1/attribute', { entity: ENTITY, type: 'address', value: ADDRESS, date: '2024-02-15', from_date: '2024-01-01', to_date: '2024-04-30' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { value: ADDRESS, properties: [expect.objectContaining({ editable: true, record_count: 0, id: expect.any(String) })] } });
    id = res.body.data.properties[0].id;
    const after = (await bob('GET', `/v1/entity/${ENTITY}`)).body;
    expect(userItems(after, 'address')).toEqual([{
      properties: { value: ADDRESS, date: '2024-02-15', from_date: '2024-01-01', to_date: '2024-04-30' },
      record: [], record_count: 0, id, editable: true, user_supplied: true,
    }]);
    expect(after.attributes.address.size.count).toBe((before.attributes.address?.size.count ?? 0) + 1);
    // Another organisation's read is unchanged.
    const other = (await mallory('GET', `/v1/entity/${ENTITY}`)).body;
    expect(userItems(other, 'address')).toEqual([]);
    expect(other.attributes).toEqual(before.attributes);
  });

  test('PATCH changes the value and keeps the fields left out; another organisation gets 404', async () => {
    expect((await mallory('PATCH', `/v1/attribute/${id}`, { value: 'stolen' })).status).toBe(404);
    expect((await mallory('DELETE', `/v1/attribute/${id}`)).status).toBe(404);
    const res = await bob('PATCH', `/v1/attribute/${id}`, { value: { ...ADDRESS, city: 'Washington' } });
    expect(res.status).toBe(200);
    expect(res.body.data.value.city).toBe('Washington');
    const [item] = userItems((await alice('GET', `/v1/entity/${ENTITY}`)).body, 'address');
    expect(item.properties).toEqual({ value: { ...ADDRESS, city: 'Washington' }, date: '2024-02-15', from_date: '2024-01-01', to_date: '2024-04-30' });
  });

  test('bad input is a 400 naming the parameter', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/v1/attribute', { type: 'address', value: 'x' }, 'entity'],
      ['POST', '/v1/attribute', { entity: ENTITY, type: 'colour', value: 'x' }, 'type'],
      ['POST', '/v1/attribute', { entity: ENTITY, type: 'name' }, 'value'],
      ['POST', '/v1/attribute', { entity: ENTITY, type: 'name', value: null }, 'value'],
      ['POST', '/v1/attribute', { entity: ENTITY, type: 'name', value: 'x'.repeat(20_000) }, 'value'],
      ['POST', '/v1/attribute', { entity: 'no-such-entity', type: 'name', value: 'x' }, 'entity'],
      ['POST', '/v1/attribute', { entity: ENTITY, type: 'name', value: 'x', date: 'yesterday' }, 'date'],
      ['POST', '/v1/attribute', { entity: ENTITY, type: 'name', value: 'x', from_date: '2024-05-01', to_date: '2024-01-01' }, 'from_date'],
      ['POST', '/v1/attribute', { entity: ENTITY, type: 'name', value: 'x', colour: 'red' }, 'colour'],
      ['PATCH', `/v1/attribute/${id}`, { to_date: '2024-13-01' }, 'to_date'],
      ['PATCH', `/v1/attribute/${id}`, { from_date: '2025-01-01' }, 'from_date'],
    ];
    for (const [method, path, body, param] of cases) {
      const res = await alice(method, path, body);
      expect({ param, status: res.status }).toEqual({ param, status: 400 });
      expect(res.body.message.join(' ')).toContain(param);
    }
    // A refused PATCH changed nothing.
    expect(userItems((await alice('GET', `/v1/entity/${ENTITY}`)).body, 'address')[0].properties.from_date).toBe('2024-01-01');
  });

  test('DELETE answers the attribute as it was and the entity no longer shows it; history has each change', async () => {
    const res = await alice('DELETE', `/v1/attribute/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.properties[0].id).toBe(id);
    expect(userItems((await alice('GET', `/v1/entity/${ENTITY}`)).body, 'address')).toEqual([]);
    expect((await alice('DELETE', `/v1/attribute/${id}`)).status).toBe(404);
    await h.flushFeeds();
    const events = [
      ...(await alice('GET', '/v1/history?events=attribute.created&events=attribute.deleted')).body.events,
      ...(await bob('GET', '/v1/history?events=attribute.updated')).body.events,
    ].map((e: any) => [e.event, e.data.attribute_id]);
    expect(events).toEqual(expect.arrayContaining([['attribute.created', id], ['attribute.deleted', id], ['attribute.updated', id]]));
  });
});
