/**
 * An organisation's attribute changes on every entity read of that organisation: its added
 * attributes on the legacy /entity/{id} and on both entity summaries, marked as
 * user-supplied; a graph attribute it retires (deleteAttribute on the graph attribute's id) left
 * out of its reads and counts. Another organisation sees neither.
 */
import { Call, Harness, SAMPLE, callAs, startHarness } from '../support/harness';

let h: Harness;
let alice: Call;
let bob: Call;
let mallory: Call;
const ENTITY = 'e-gb-northwind-logistics';

beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE] });
  alice = callAs(h, 'alice', 'org-reads-a');
  bob = callAs(h, 'bob', 'org-reads-a');
  mallory = callAs(h, 'mallory', 'org-reads-z');
});
afterAll(() => h.close());

const userItems = (body: any, field: string) => (body.attributes?.[field]?.data ?? []).filter((d: any) => d.user_supplied);
const values = (body: any, field: string) => (body.attributes?.[field]?.data ?? []).map((d: any) => d.properties.value);

describe('added attributes on every entity read of the organisation', () => {
  let id: string;
  beforeAll(async () => {
    id = (await alice('POST', '/v1/attribute', { entity: ENTITY, type: 'name', value: 'Northwind Logistics (Felixstowe)', from_date: '2024-01-01' })).body.data.properties[0].id;
  });

  test.each(['/entity', '/entity_summary', '/v1/entity_summary'])('%s/{id}: first, counted, marked; not for another organisation', async (path) => {
    const other = (await mallory('GET', `${path}/${ENTITY}`)).body;
    const own = (await bob('GET', `${path}/${ENTITY}`)).body;
    expect(userItems(own, 'name')).toEqual([{
      properties: { value: 'Northwind Logistics (Felixstowe)', from_date: '2024-01-01' }, record: [], record_count: 0, id, editable: true, user_supplied: true,
    }]);
    expect(own.attributes.name.data[0].id).toBe(id);
    expect(own.attributes.name.size.count).toBe(other.attributes.name.size.count + 1);
    expect(userItems(other, 'name')).toEqual([]);
    expect(values(other, 'name')).toEqual(values(own, 'name').slice(1));
  });

  test('an attribute of a field the summary does not list shows on the entity only', async () => {
    await alice('POST', '/v1/attribute', { entity: ENTITY, type: 'additional_information', value: 'Bonded warehouse' });
    expect(userItems((await alice('GET', `/entity/${ENTITY}`)).body, 'additional_information')).toHaveLength(1);
    expect((await alice('GET', `/entity_summary/${ENTITY}`)).body.attributes.additional_information).toBeUndefined();
  });
});

describe('retiring a graph attribute', () => {
  test('/v1/entity gives each graph attribute an id; DELETE on it hides it for the organisation only', async () => {
    const before = (await alice('GET', `/v1/entity/${ENTITY}`)).body;
    const graphItems = before.attributes.address.data.filter((d: any) => !d.user_supplied);
    expect(graphItems.length).toBeGreaterThan(0);
    for (const item of graphItems) expect(item.id).toMatch(/^ga_/);
    const target = graphItems[0];
    // The same attribute has the same id for every organisation.
    expect((await mallory('GET', `/v1/entity/${ENTITY}`)).body.attributes.address.data.map((d: any) => d.id)).toContain(target.id);

    const res = await alice('DELETE', `/v1/attribute/${encodeURIComponent(target.id)}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ value: target.properties.value, properties: [{ id: target.id, entity_id: ENTITY, type: 'address', user_supplied: false }] });

    for (const path of [`/v1/entity/${ENTITY}`, `/entity/${ENTITY}`, `/v1/entity_summary/${ENTITY}`, `/entity_summary/${ENTITY}`]) {
      const own = (await bob('GET', path)).body;
      const other = (await mallory('GET', path)).body;
      expect({ path, shown: values(own, 'address').includes(target.properties.value) }).toEqual({ path, shown: false });
      expect({ path, shown: values(other, 'address').includes(target.properties.value) }).toEqual({ path, shown: true });
      expect(own.attributes.address.size.count).toBe(other.attributes.address.size.count - 1);
    }

    // Already retired: a 404, as a deleted attribute is; another organisation can still retire it.
    expect((await bob('DELETE', `/v1/attribute/${encodeURIComponent(target.id)}`)).status).toBe(404);
    expect((await mallory('DELETE', `/v1/attribute/${encodeURIComponent(target.id)}`)).status).toBe(200);

    const events = (await alice('GET', '/v1/history?events=attribute.retired')).body.events;
    expect(events.map((e: any) => e.data)).toEqual([{ attribute_id: target.id, entity_id: ENTITY, type: 'address' }]);
  });

  test('an id no graph attribute has is a 404; a malformed graph id too', async () => {
    const fake = `ga_${Buffer.from(JSON.stringify([ENTITY, 'address', 'x'.repeat(22)])).toString('base64url')}`;
    expect((await alice('DELETE', `/v1/attribute/${fake}`)).status).toBe(404);
    expect((await alice('DELETE', '/v1/attribute/ga_not-base64-json')).status).toBe(404);
    expect((await alice('PATCH', `/v1/attribute/${fake}`, { value: 'x' })).status).toBe(404);
  });
});
