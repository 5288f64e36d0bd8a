/**
 * Entity types accepted by ingest and by the `types` filters: the published client's entity
 * types (its Entities enum: `shipment`, and in newer versions `account`, `contract` and
 * `transaction`, included) and `government_organization`.
 */
export const ENTITY_TYPES: readonly string[] = [
  'company', 'person', 'property', 'vessel', 'aircraft', 'government_organization', 'security',
  'tradename', 'intellectual_property', 'legal_matter', 'shipment', 'account', 'contract', 'transaction',
  'generic', 'unknown',
];
const set = new Set(ENTITY_TYPES);
export const isEntityType = (v: string): boolean => set.has(v);
