/**
 * A user's attribute value as its type's client properties (src/domain/attributeValues.ts):
 * a rule for every attribute type, the usual spellings of address parts, and normalised
 * properties read back unchanged (reads pass stored values through the same rules).
 */
import { ATTRIBUTE_VALUE_RULES, AttributeValueError, attributeProperties } from '../../src/domain/attributeValues';
import { ATTRIBUTE_FIELDS } from '../../src/domain/attributes';

const refused = (type: string, value: unknown) => {
  try {
    attributeProperties(type, value);
  } catch (err) {
    return err instanceof AttributeValueError ? err.message : `not a value error: ${String(err)}`;
  }
  return undefined;
};

test('every attribute type has a rule, and no rule is for a type not accepted', () => {
  expect(Object.keys(ATTRIBUTE_VALUE_RULES).sort()).toEqual([...ATTRIBUTE_FIELDS].sort());
});

test('address parts under their usual spellings; the text written out in the usual order', () => {
  expect(attributeProperties('address', { street1: '1600 Pennsylvania Avenue NW', city: 'Washington DC', state: 'Washington DC', postalCode: '20500', country: 'US' }))
    .toEqual({ value: '1600 Pennsylvania Avenue NW, Washington DC 20500, US', road: '1600 Pennsylvania Avenue NW', city: 'Washington DC', state: 'Washington DC', postcode: '20500', country: 'US' });
  expect(attributeProperties('address', { line1: 'Main Street', line2: 'Suite 5', zip: '10115', city: 'Berlin', country: 'DE', houseNumber: '7' }).value)
    .toBe('7 Main Street, Suite 5, Berlin 10115, DE');
  expect(attributeProperties('address', { value: 'As written', road: 'Main Street' }).value).toBe('As written');
  expect(attributeProperties('address', ['1 Quay Road', 'Limassol'])).toEqual({ value: '1 Quay Road, Limassol' });
  expect(refused('address', 1600)).toMatch(/text or an object/);
  expect(refused('address', [])).toMatch(/at least one line/);
  expect(refused('address', { colour: 'red' })).toMatch(/no property "colour"/);
});

test('closed lists are matched without regard to case; open codes in snake case', () => {
  expect(attributeProperties('country', 'us')).toEqual({ value: 'USA' });
  expect(attributeProperties('country', 'Cyprus')).toEqual({ value: 'CYP' });
  expect(refused('country', 'Atlantis')).toMatch(/must be a country/);
  expect(attributeProperties('gender', 'M')).toEqual({ value: 'male' });
  expect(attributeProperties('status', 'In Receivership')).toEqual({ value: 'in_receivership' });
  expect(attributeProperties('status', 'struck off')).toEqual({ text: 'struck off' });
  expect(attributeProperties('identifier', { id: 12345, scheme: 'GBR company number' })).toEqual({ value: '12345', type: 'gbr_company_number' });
  expect(refused('identifier', '12345')).toMatch(/needs its type/);
  expect(refused('person_status', 'retired')).toMatch(/born, died, married/);
});

test('numbers where the type has one; amounts written as text read as numbers', () => {
  expect(attributeProperties('finances', '1,250.5')).toEqual({ value: 1250.5 });
  expect(refused('finances', '12 million')).toMatch(/must be a number/);
  expect(refused('monetary_value', 5000)).toMatch(/needs its context/);
  expect(refused('shares', { percentage: 140 })).toMatch(/0-100/);
  expect(refused('financials', { currency: 'USD' })).toMatch(/at least one figure/);
  expect(attributeProperties('date_of_birth', 1970)).toEqual({ value: '1970' });
  expect(refused('date_of_birth', 'last spring')).toMatch(/a date/);
});

test('normalised properties read back unchanged', () => {
  const samples: [string, unknown][] = [
    ['address', { street: 'Harbour Road', postal_code: 'CY-3030', country: 'CY' }], ['contact', '+357 25 123456'],
    ['status', 'closing'], ['status', 'dormant'], ['country', 'gb'], ['risk_intelligence', 'PEP'],
    ['shares', { num_shares: '1,000' }], ['measurement', { value: 3, type: 'net_weight', unit: 'kg' }],
    ['financials', { netIncome: 5, reportingPeriodType: 'Annual fiscal' }], ['name', 42],
  ];
  for (const [type, value] of samples) {
    const once = attributeProperties(type, value);
    expect([type, attributeProperties(type, once)]).toEqual([type, once]);
  }
});
