/** Attribute field names accepted by ingest (the spec lists these and "others"). */
export const ATTRIBUTE_FIELDS: readonly string[] = [
  'name', 'address', 'identifier', 'weak_identifier', 'status', 'company_type', 'contact',
  'business_purpose', 'country', 'date_of_birth', 'position', 'additional_information',
  'gender', 'person_status', 'translated_name', 'finances', 'financials', 'shares',
  'monetary_value', 'measurement', 'generic', 'risk_intelligence',
];
const set = new Set(ATTRIBUTE_FIELDS);
export const isAttributeField = (v: string): boolean => set.has(v);

/** The attributes `/entity_summary` returns, each capped at SUMMARY_ATTRIBUTE_CAP values. */
export const SUMMARY_ATTRIBUTE_FIELDS: readonly string[] = [
  'name', 'address', 'identifier', 'weak_identifier', 'status', 'company_type', 'contact',
  'business_purpose', 'country',
];
