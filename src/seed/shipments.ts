/**
 * Shipment lines of the synthetic graph (docs/ingest-format.md, `shipment`): shipment k is a pure
 * function of (seed, k), between two companies of the graph, so the same options always give the
 * same lines. Buyers are drawn with the power-law rank of the facts (a few large importers) and
 * suppliers uniformly, so companies both buy and sell and upstream chains form.
 */
import { hsDescription } from '../domain/hsCodes';
import { hash3, Rng, SALT_SHIPMENT } from './random';
import { COMPANY, Model, pad2, ZIPF_ALPHA } from './model';

/** HS codes shipments carry: textiles, steel, chemicals, electronics, as the trade fixtures use. */
const HS_CODES = ['520100', '520512', '520811', '320411', '610910', '720851', '854231', '850760', '290243', '847130'];

/** A postcode word: one with digits, or (beside a city name, not a state) short capitals such as 'ZX'. */
const isPostcodePart = (word: string, caps: boolean) => /[0-9]/.test(word) || (caps && /^[A-Z]{1,3}$/.test(word));
const words = (text: string, postcode: boolean, caps: boolean) => text.split(' ').filter((w) => isPostcodePart(w, caps) === postcode).join(' ');

/**
 * A shipment address from a city line of the word tables ('Houston, TX 77002', '75008 Paris',
 * 'Sliema SLM 1542'): words with digits are the postcode, and so are short capitals in a line
 * without a comma; after a comma, the rest is the state ('TX').
 */
export function shipmentAddress(line: string, country: string) {
  const [city, region] = line.split(', ');
  const postcode = words(region ?? city, true, region === undefined);
  return {
    value: line, city: region === undefined ? words(city, false, true) : city,
    ...(region === undefined ? {} : { state: words(region, false, false) }), ...(postcode ? { postcode } : {}), country,
  };
}

/**
 * Shipment k, or undefined when the graph has fewer than two companies. It cites the record of
 * its supplier, departs from the supplier's country and a city of it, arrives at the buyer's.
 */
export function shipmentLine(m: Model, k: number, rng: Rng): string | undefined {
  const companies = m.byType[COMPANY];
  if (companies.length < 2) return undefined;
  rng.reseed(hash3(m.seed, k, SALT_SHIPMENT));
  const buyer = m.byRank(COMPANY, Math.floor(companies.length * rng.next() ** ZIPF_ALPHA));
  let supplier = companies[rng.int(companies.length)];
  if (supplier === buyer) supplier = companies[(companies.indexOf(buyer) + 1) % companies.length];
  const [from, to] = [m.country(supplier), m.country(buyer)];
  const codes = [...new Set([rng.pick(HS_CODES), ...(rng.chance(0.3) ? [rng.pick(HS_CODES)] : [])])];
  const departure = `${2019 + rng.int(6)}-${pad2(1 + rng.int(12))}-${pad2(1 + rng.int(28))}`;
  const line: Record<string, unknown> = {
    kind: 'shipment', id: `shp-${k}`, record: m.recordId(m.recordOf(supplier)), supplier: [m.id(supplier)], buyer: [m.id(buyer)],
    departure_date: departure, departure_country: from.id, arrival_country: to.id,
    departure_address: shipmentAddress(rng.pick(from.cities), from.id), arrival_address: shipmentAddress(rng.pick(to.cities), to.id),
    hs_codes: codes.map((code) => ({ code, description: hsDescription(code) ?? '' })),
    weight: [{ value: 100 + rng.int(20_000), unit: 'kg', type: 'gross' }],
    identifiers: [{ value: `BL${String(hash3(m.seed, k, SALT_SHIPMENT + 1)).padStart(10, '0')}`, type: 'bill_of_lading' }],
  };
  return JSON.stringify(line);
}
