/**
 * The ontology kinds of the published client beyond countries, relationships, entity types and
 * risk factors (src/domain/ontology.ts): attributes, currencies, enums, languages and regions.
 * Attributes, enums and regions come from this service's own domain tables; currencies and
 * languages from the ISO code lists the runtime's Unicode data carries (Intl), so no copy of a
 * standard list has to be kept here in step with it.
 */
import { ATTRIBUTE_FIELDS } from './attributes';
import { ENTITY_TYPES } from './entityTypes';
import { REGION_OF } from './regions';
import { RISK_CATEGORIES, allRiskFactors, riskLevel } from './risk';

const words = (id: string) => id.replace(/_/g, ' ');
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const labelOf = (id: string) => capitalise(words(id));

export interface Labelled { id: string; label: string }
export interface AttributeInfo extends Labelled { comment: string; fields: { id: string; label: string; comment: string; type: string[] }[] }
export interface EnumInfo extends Labelled { comment: string; symbols: { id: string; label: string; comment: string }[] }

/** Every attribute carries a value and may carry its dates (the fields an ingested attribute has). */
const ATTRIBUTE_PROPERTY_FIELDS = [
  { id: 'value', label: 'Value', comment: 'the attribute value', type: ['string'] },
  { id: 'type', label: 'Type', comment: 'a sub-type of the value (an identifier type, an address kind)', type: ['string'] },
  { id: 'date', label: 'Date', comment: 'the day the value was observed (YYYY-MM-DD)', type: ['date'] },
  { id: 'from_date', label: 'From date', comment: 'the first day the value held', type: ['date'] },
  { id: 'to_date', label: 'To date', comment: 'the last day the value held', type: ['date'] },
];

export const ATTRIBUTE_ONTOLOGY: readonly AttributeInfo[] = ATTRIBUTE_FIELDS.map((id) => ({
  id, label: labelOf(id), comment: '', fields: ATTRIBUTE_PROPERTY_FIELDS,
}));

/** ISO 4217 codes with their English names; codes without a name are left out. */
export const CURRENCY_ONTOLOGY: readonly Labelled[] = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'none' });
  return Intl.supportedValuesOf('currency').flatMap((id) => {
    const label = names.of(id);
    return label ? [{ id, label }] : [];
  });
})();

/** ISO 639-1 (two-letter) language codes that have an English name. */
export const LANGUAGE_ONTOLOGY: readonly Labelled[] = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const out: Labelled[] = [];
  for (const a of letters) {
    for (const b of letters) {
      const label = names.of(a + b);
      if (label && label !== a + b) out.push({ id: a + b, label });
    }
  }
  return out;
})();

export const REGION_ONTOLOGY: readonly Labelled[] = [...new Set(Object.values(REGION_OF))].sort().map((id) => ({ id, label: labelOf(id) }));

const enumOf = (id: string, comment: string, symbols: readonly string[]): EnumInfo => ({
  id, label: labelOf(id), comment, symbols: symbols.map((s) => ({ id: s, label: labelOf(s), comment: '' })),
});

/** The closed value sets the API reads and writes. */
export const ENUM_ONTOLOGY: readonly EnumInfo[] = [
  enumOf('entity_type', 'the type of a graph entity', ENTITY_TYPES),
  enumOf('risk_category', 'the category a risk factor belongs to', Object.keys(RISK_CATEGORIES).sort()),
  enumOf('risk_level', 'the severity of a risk factor', [...new Set(allRiskFactors().map(riskLevel))].sort()),
];
