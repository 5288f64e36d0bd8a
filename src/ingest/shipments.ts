/**
 * The `shipment` ingest line (docs/ingest-format.md, Shipments): its schema, its own checks
 * and the parameter row of cypher/ingest.cypher upsert-shipments. A shipment is kept as a
 * :Shipment node linked to its parties; the trade edges (ships_to / receives_from, one per
 * supplier, buyer and HS code) are summed from those nodes by refresh-trade-edges.
 */
import { COUNTRY_IDS } from '../domain/countries';
import { endOfPeriod, startOfPeriod } from '../domain/dates';

export interface ShipmentAddress { value?: string; city?: string; state?: string; postcode?: string; country?: string }
export interface ShipmentLine {
  kind: 'shipment'; id: string; record?: string; supplier: string[]; buyer: string[]; notify_party?: string[];
  departure_date?: string; arrival_date?: string; departure_country?: string; arrival_country?: string;
  transit_countries?: string[]; product_origin?: string[];
  departure_address?: ShipmentAddress; arrival_address?: ShipmentAddress;
  hs_codes: { code: string; description?: string; imputed?: boolean }[];
  product_descriptions?: string[];
  weight?: { value: number; unit?: string; type?: string }[];
  monetary_value?: { value: number; currency?: string }[];
  identifiers?: { value: string; type?: string }[];
}

const id = { type: 'string', minLength: 1, maxLength: 512 };
const text = { type: 'string', maxLength: 100_000 };
const date = { type: 'string', format: 'date-string' };
const country = { type: 'string', enum: COUNTRY_IDS };
const parties = { type: 'array', items: id, minItems: 1, maxItems: 1000 };
const address = {
  type: 'object', additionalProperties: false,
  properties: { value: text, city: text, state: text, postcode: text, country },
};

/** Weight units the line may use, in kilograms. */
export const WEIGHT_UNITS: Record<string, number> = { kg: 1, t: 1000, lb: 0.45359237 };

export const SHIPMENT_SCHEMA = {
  type: 'object', additionalProperties: false, required: ['kind', 'id', 'supplier', 'buyer', 'hs_codes'],
  properties: {
    kind: { const: 'shipment' }, id, record: id, supplier: parties, buyer: parties,
    notify_party: { type: 'array', items: id, maxItems: 1000 },
    departure_date: date, arrival_date: date, departure_country: country, arrival_country: country,
    transit_countries: { type: 'array', items: country, maxItems: 300 },
    product_origin: { type: 'array', items: country, maxItems: 300 },
    departure_address: address, arrival_address: address,
    hs_codes: {
      type: 'array', minItems: 1, maxItems: 1000,
      items: {
        type: 'object', additionalProperties: false, required: ['code'],
        properties: { code: { type: 'string', pattern: '^[0-9]{2,10}$' }, description: text, imputed: { type: 'boolean' } },
      },
    },
    product_descriptions: { type: 'array', items: text, maxItems: 1000 },
    weight: {
      type: 'array', maxItems: 100,
      items: {
        type: 'object', additionalProperties: false, required: ['value'],
        properties: { value: { type: 'number', minimum: 0 }, unit: { enum: Object.keys(WEIGHT_UNITS) }, type: text },
      },
    },
    monetary_value: {
      type: 'array', maxItems: 100,
      items: {
        type: 'object', additionalProperties: false, required: ['value'],
        properties: { value: { type: 'number' }, currency: { type: 'string', pattern: '^[A-Z]{3}$' } },
      },
    },
    identifiers: {
      type: 'array', maxItems: 100,
      items: { type: 'object', additionalProperties: false, required: ['value'], properties: { value: text, type: text } },
    },
  },
};

/** The checks the schema cannot express; a reason, or undefined. */
export function shipmentError(line: ShipmentLine): string | undefined {
  if (!line.departure_date && !line.arrival_date) return 'line: missing "departure_date" or "arrival_date"';
  const buyers = new Set(line.buyer);
  const both = line.supplier.find((s) => buyers.has(s));
  if (both !== undefined) return `supplier and buyer both name ${JSON.stringify(both)}`;
  if (line.departure_date && line.arrival_date && startOfPeriod(line.arrival_date) < startOfPeriod(line.departure_date)) {
    return `arrival_date: ${line.arrival_date} is before departure_date ${line.departure_date}`;
  }
  return undefined;
}

/** Every entity a shipment names (its parties), for the reference check and the summary refresh. */
export const shipmentParties = (line: ShipmentLine): string[] => [...new Set([...line.supplier, ...line.buyer, ...(line.notify_party ?? [])])];

/**
 * A shipment's weight in kilograms: its gross weights summed when it gives any, else its
 * other weights; 0 when it gives none.
 */
export function weightKg(line: ShipmentLine): number {
  const weights = line.weight ?? [];
  const gross = weights.filter((w) => w.type === undefined || w.type === 'gross');
  const counted = gross.length ? gross : weights;
  return counted.reduce((sum, w) => sum + w.value * WEIGHT_UNITS[w.unit ?? 'kg'], 0);
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

export function shipmentRow(line: ShipmentLine) {
  // The shipment's date for trade edges and filters: departure, else arrival.
  const when = (line.departure_date ?? line.arrival_date)!;
  const hs = unique(line.hs_codes.map((h) => h.code));
  const props: Record<string, string | number | boolean | string[]> = {
    id: line.id, date_start: startOfPeriod(when), date_end: endOfPeriod(when),
    hs_codes: hs, hs_descriptions: hs.map((code) => line.hs_codes.find((h) => h.code === code && h.description)?.description ?? ''),
    weight_kg: weightKg(line),
    supplier_ids: unique(line.supplier), buyer_ids: unique(line.buyer),
    body: JSON.stringify(line),
  };
  for (const key of ['record', 'departure_date', 'arrival_date', 'departure_country', 'arrival_country'] as const) {
    if (line[key] !== undefined) props[key] = line[key]!;
  }
  if (line.product_descriptions?.length) props.product_descriptions = line.product_descriptions;
  if (line.identifiers?.length) props.identifier_values = line.identifiers.map((i) => i.value);
  if (line.product_origin?.length) props.product_origin = line.product_origin;
  if (line.transit_countries?.length) props.transit_countries = line.transit_countries;
  // The places the trade search's departure_/arrival_ city and state filters read.
  for (const [side, a] of [['departure', line.departure_address], ['arrival', line.arrival_address]] as const) {
    if (a?.city) props[`${side}_city`] = a.city;
    if (a?.state) props[`${side}_state`] = a.state;
  }
  return { id: line.id, supplier: unique(line.supplier), buyer: unique(line.buyer), notify: unique(line.notify_party ?? []), props };
}
