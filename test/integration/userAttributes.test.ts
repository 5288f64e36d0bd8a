/**
 * Entity attributes an organisation adds (the published client's postAttribute,
 * patchAttribute, deleteAttribute): the organisation's /v1/entity reads show them marked as
 * user-supplied, other organisations never see or change them (404), each change is a history
 * event, and bad input is a 400 naming the parameter.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { ATTRIBUTE_FIELDS } from '../../src/domain/attributes';
import { REPO } from '../support/env';
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

// The client's own example of postAttribute: an address as an object of its parts.
const ADDRESS = { street1: '1600 Pennsylvania Avenue NW', city: 'Washington DC', state: 'Washington DC', postalCode: '20500', country: 'US' };
// As the client's AddressProperties carry it: the parts under their names, the text in `value`.
const ADDRESS_READ = { value: '1600 Pennsylvania Avenue NW, Washington DC 20500, US', road: '1600 Pennsylvania Avenue NW', city: 'Washington DC', state: 'Washington DC', postcode: '20500', country: 'US' };
const userItems = (body: any, field: string) => (body.attributes?.[field]?.data ?? []).filter((d: any) => d.user_supplied);

describe('entity attributes of an organisation', () => {
  let id: string;

  test('POST adds an attribute; the organisation reads it on the entity, counted and marked', async () => {
    const before = (await alice('GET', `/v1/entity/${ENTITY}`)).body;
    const res = await alice('POST', '/v1/attribute', { entity: ENTITY, type: 'address', value: ADDRESS, date: '2024-02-15', from_date: '2024-01-01', to_date: '2024-04-30' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { value: ADDRESS_READ.value, properties: [expect.objectContaining({ editable: true, record_count: 0, id: expect.any(String) })] } });
    id = res.body.data.properties[0].id;
    const after = (await bob('GET', `/v1/entity/${ENTITY}`)).body;
    expect(userItems(after, 'address')).toEqual([{
      properties: { ...ADDRESS_READ, date: '2024-02-15', from_date: '2024-01-01', to_date: '2024-04-30' },
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
    expect(res.body.data.value).toBe('1600 Pennsylvania Avenue NW, Washington, Washington DC 20500, US');
    const [item] = userItems((await alice('GET', `/v1/entity/${ENTITY}`)).body, 'address');
    expect(item.properties).toEqual({
      ...ADDRESS_READ, value: '1600 Pennsylvania Avenue NW, Washington, Washington DC 20500, US', city: 'Washington',
      date: '2024-02-15', from_date: '2024-01-01', to_date: '2024-04-30',
    });
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
      ['POST', '/v1/attribute', { entity: ENTITY, type: 'address', value: { street1: 'x', colour: 'red' } }, 'value'],
      ['POST', '/v1/attribute', { entity: ENTITY, type: 'identifier', value: '12345678' }, 'value'],
      ['PATCH', `/v1/attribute/${id}`, { value: 42 }, 'value'],
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

/** A value of each type as its client properties describe it: every type takes one. */
const TYPICAL: Record<string, unknown> = {
  name: 'Northwind Trading', address: ADDRESS, identifier: { value: '12345678', type: 'gbr_company_number' },
  weak_identifier: { value: 'MAEU123456', type: 'bill_of_lading' }, status: 'Dissolved', company_type: 'Private limited company',
  contact: 'info@example.com', business_purpose: { value: 'Freight forwarding', code: '52290', standard: 'SIC' }, country: 'GB',
  date_of_birth: '1970-05', position: 'Director', additional_information: 'Filed late', gender: 'F', person_status: 'born',
  translated_name: { value: 'Northwind', original: 'Нортвинд' }, finances: { value: '100,000', currency: 'gbp', context: 'paid_up_capital' },
  financials: { revenue: 1_000_000, employees: 12, currency: 'GBP' }, shares: { numShares: 100, percentage: 25 },
  monetary_value: { value: 5000, context: 'contract_value', currency: 'USD' }, measurement: { value: 120, type: 'land_area', unit: 'm2' },
  generic: { value: 'Vessel operator', type: 'note' }, risk_intelligence: { type: 'Sanctioned', list: 'OFAC SDN' },
};
/** What users send whatever the type: text, a number, an object, a list, the client's example, nonsense. */
const REPRESENTATIVE: unknown[] = ['Some text', 42, 0, { value: 'x' }, { value: 42 }, ['a', 'b'], [], {}, ADDRESS, true, { text: 'x' }, { nested: { a: 1 } }];

describe('every attribute type reads as the client parses it', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addSchema(JSON.parse(fs.readFileSync(path.join(REPO, 'test', 'fixtures', 'clientSchemas', 'entityAttributes.json'), 'utf8')));
  const validate = ajv.getSchema('entityAttributes.json#/responses/Attributes')!;
  const carol = () => callAs(h, 'carol', 'org-attr-types');

  test('each value is shown in its type\'s properties or refused as a 400 naming value; the read validates', async () => {
    const call = carol();
    const accepted = new Map<string, number>();
    const unexpected: unknown[] = [];
    for (const type of ATTRIBUTE_FIELDS) {
      for (const value of [TYPICAL[type], ...REPRESENTATIVE]) {
        const res = await call('POST', '/v1/attribute', { entity: ENTITY, type, value });
        if (res.status === 200) accepted.set(type, (accepted.get(type) ?? 0) + 1);
        else if (res.status !== 400 || !res.body.message.join(' ').startsWith('value: ')) unexpected.push([type, value, res.status, res.body]);
      }
      // A typical value of every type is taken.
      expect([type, (accepted.get(type) ?? 0) > 0]).toEqual([type, true]);
    }
    expect(unexpected).toEqual([]);
    const read = (await call('GET', `/v1/entity/${ENTITY}`)).body;
    const ok = validate(read.attributes);
    expect(ok ? [] : validate.errors!.map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
    for (const type of ATTRIBUTE_FIELDS) expect([type, userItems(read, type).length]).toEqual([type, accepted.get(type)]);
  }, 60_000);

  test('typical values are normalised as the client reads them', async () => {
    const call = carol();
    const read = (await call('GET', `/v1/entity/${ENTITY}`)).body;
    const shown = (type: string) => userItems(read, type).map((i: any) => i.properties);
    expect(shown('address')).toContainEqual(ADDRESS_READ);
    expect(shown('status')).toContainEqual({ value: 'dissolved' });
    expect(shown('contact')).toContainEqual({ value: 'info@example.com', type: 'email' });
    expect(shown('country')).toContainEqual({ value: 'GBR' });
    expect(shown('gender')).toContainEqual({ value: 'female' });
    expect(shown('finances')).toContainEqual({ value: 100_000, currency: 'GBP', context: 'paid_up_capital' });
    expect(shown('shares')).toContainEqual({ num_shares: 100, percentage: 25 });
    expect(shown('measurement')).toContainEqual({ value: 120, type: 'land_area', unit: 'metres_squared' });
    expect(shown('risk_intelligence')).toContainEqual({ type: 'sanctioned', list: 'OFAC SDN' });
    // What the types have no clear reading of is refused, the reason given.
    const refused = await call('POST', '/v1/attribute', { entity: ENTITY, type: 'shares', value: 100 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual([expect.stringMatching(/^value: shares are an object/)]);
  });
});
