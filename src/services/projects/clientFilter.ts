/**
 * The newer client's `filter` object on GET /v1/projects/{id}/entities, in either notation it
 * documents (`filter[label][fuzzy]=bank` or `filter.label.fuzzy=bank`, values repeated or
 * indexed), read as the older `filters` fields that projectContents.ts answers. Entity types
 * become the list's `entity_types`. A parameter that is not a filter field is a 400 naming it.
 */
import { badParameter } from '../../domain/errors';
import { CUSTOM_FIELD } from './contents';

/** A filter parameter: the field, an optional sub-key (fuzzy, exact, a custom field) and an optional index. */
export const CLIENT_FILTER_KEY = /^filter(?:\[([A-Za-z0-9_]+)\]|\.([A-Za-z0-9_]+))(?:\[([A-Za-z0-9_]+)\]|\.([A-Za-z0-9_]+))?(?:\[\d*\])?$/;

/** Client field (with its sub-key) -> the older filter field. */
const FIELDS: Readonly<Record<string, string>> = {
  risk_factor: 'risk', risk_category: 'risk_category', country: 'country', status: 'status_exact',
  'label.fuzzy': 'label_fuzzy', 'identifier.fuzzy': 'identifier_fuzzy', 'city.fuzzy': 'city_fuzzy', 'state.fuzzy': 'state_fuzzy',
  'source.exact': 'source_exact', match_strength: 'match_strength', match_entity_id: 'match_entity_id', case_status: 'case_status',
  tag: 'tag', upload: 'upload', shipment_country: 'shipment_country', tier1_shipment_country: 'tier1_shipment_country',
  tier2_shipment_country: 'tier2_shipment_country', tier3_shipment_country: 'tier3_shipment_country',
  tier4_shipment_country: 'tier4_shipment_country', tier5_shipment_country: 'tier5_shipment_country',
  business_purpose: 'business_purpose', bounds: 'bounds', upstream_product: 'upstream_product', match_count: 'match_count',
};

/**
 * List parameters of the 0.1.44 client (`case_status`, `tags`), sent top-level with each value
 * JSON-encoded (`tags=["high-risk"]`, `case_status="in_review"`); a plain value is read as itself.
 */
const TOP_LEVEL: Readonly<Record<string, string>> = { case_status: 'case_status', tags: 'tag' };

function decodeTopLevel(parameter: string, raw: string): string[] {
  const text = raw.trim();
  if (!text.startsWith('[') && !text.startsWith('"')) return [raw];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badParameter(parameter, 'a JSON-encoded string or list of strings, or a plain value');
  }
  const list = [parsed].flat();
  if (!list.every((v) => typeof v === 'string')) throw badParameter(parameter, 'a JSON-encoded string or list of strings, or a plain value');
  return list as string[];
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export interface ClientFilter {
  /** `filters[<field>]` entries for parseContentsQuery. */
  filters: Record<string, string[]>;
  /** The older filter field -> the client's parameter name, for errors. */
  names: Record<string, string>;
  entityTypes: string[];
}

export function clientFilter(query: Record<string, unknown>): ClientFilter {
  const out: ClientFilter = { filters: {}, names: {}, entityTypes: [] };
  for (const [key, raw] of Object.entries(query)) {
    if (Object.hasOwn(TOP_LEVEL, key)) {
      const target = TOP_LEVEL[key];
      (out.filters[`filters[${target}]`] ??= []).push(...[raw].flat().flatMap((v) => decodeTopLevel(key, String(v))));
      out.names[target] ??= key;
      continue;
    }
    const m = CLIENT_FILTER_KEY.exec(key);
    if (!m) continue;
    const field = snake(m[1] ?? m[2]);
    // A numeric sub-key is an index (filter[case_status][0]=...), not a field.
    const sub = /^\d+$/.test(m[3] ?? m[4] ?? '') ? undefined : m[3] ?? m[4];
    const parameter = `filter.${field}${sub ? `.${sub}` : ''}`;
    const values = [raw].flat().map(String);
    if (field === 'entity_type' && !sub) {
      out.entityTypes.push(...values);
      continue;
    }
    let target: string | undefined;
    if (field === 'attribute' && sub) {
      if (!CUSTOM_FIELD.test(sub)) throw badParameter(parameter, 'a custom field is named custom_<name>');
      target = sub;
    } else {
      target = FIELDS[sub ? `${field}.${sub}` : field];
    }
    if (!target) throw badParameter(parameter, `unknown filter field; one of ${[...Object.keys(FIELDS), 'entity_type', 'attribute.custom_<name>'].join(', ')}`);
    (out.filters[`filters[${target}]`] ??= []).push(...values);
    out.names[target] = parameter;
  }
  return out;
}
