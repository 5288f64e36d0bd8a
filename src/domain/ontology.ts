/**
 * The ontology served under /v1/ontology/...: countries (id, label, ISO 3166-1 numeric code),
 * relationship types, entity types and risk factors. Built from the domain tables, so the
 * ontology and the values the API accepts cannot drift apart.
 */
import { ATTRIBUTE_FIELDS } from './attributes';
import { ATTRIBUTE_ONTOLOGY, CURRENCY_ONTOLOGY, ENUM_ONTOLOGY, LANGUAGE_ONTOLOGY, REGION_ONTOLOGY } from './ontologyTables';
import { ENTITY_TYPES } from './entityTypes';
import { POSSIBLY_SAME_AS, RELATIONSHIP_TYPES, SHARE_BEARING_TYPES, UBO_TYPES, DOWNSTREAM_TYPES, inverseRelationship } from './relationships';
import { COUNTRIES } from './countryTable';
import { RISK_CATEGORIES, SANCTIONS_LISTS, allRiskFactors, isDirectRiskFactor, riskLevel } from './risk';

export { COUNTRIES, country, type Country } from './countryTable';

const words = (id: string) => id.replace(/_/g, ' ');
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The published client's OntologyRelationship fields (`description`, `comment`, `type`,
 * `between`, `attributes`) beside this service's own. `type` is the family of the type;
 * `between` is empty because the graph allows every type between any entity types.
 */
export interface RelationshipTypeInfo {
  id: string; label: string; description: string; comment: string; type: string; inverse: string;
  between: { from: string; to: string }[];
  /** What a fact of this type may carry beyond dates and its record. */
  attributes: string[];
  symmetric: boolean; share_bearing: boolean;
  /** Followed by /ubo (upstream ownership) or /downstream. */
  ownership: 'upstream' | 'downstream' | null;
}

const RELATIONSHIP_FAMILIES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['ownership', ['has_shareholder', 'has_beneficial_owner', 'has_owner', 'subsidiary_of', 'branch_of']],
  ['role', ['has_director', 'has_officer', 'has_executive', 'has_manager', 'has_secretary', 'has_member_of_the_board', 'has_partner',
    'has_founder', 'has_legal_representative', 'has_judicial_representative', 'has_registered_agent', 'has_supervisor', 'has_auditor',
    'has_liquidator', 'has_sole_proprietor', 'has_employee', 'has_lawyer']],
  ['trade', ['has_carrier', 'has_notify_party', 'shipped_by', 'receives_from', 'received_by']],
  ['financial', ['credited_by', 'debited_by', 'transfers_from', 'has_issuer']],
  ['contract', ['awarded_by', 'awarded_to', 'contracted_by', 'has_party', 'has_client']],
  ['succession', ['has_legal_predecessor', 'has_legal_successor']],
  ['association', ['has_associate', 'family_of', 'linked_to', 'generic', POSSIBLY_SAME_AS]],
];

function relationshipFamily(id: string): string {
  for (const [family, types] of RELATIONSHIP_FAMILIES) if (types.includes(id) || types.some((t) => inverseRelationshipOrSelf(t) === id)) return family;
  return 'other';
}
const inverseRelationshipOrSelf = (id: string) => (id === POSSIBLY_SAME_AS ? id : inverseRelationship(id));

export const RELATIONSHIP_ONTOLOGY: readonly RelationshipTypeInfo[] = [...RELATIONSHIP_TYPES, POSSIBLY_SAME_AS].map((id) => {
  const inverse = inverseRelationshipOrSelf(id);
  const label = capitalise(words(id));
  const family = relationshipFamily(id);
  return {
    id,
    label,
    description: id === POSSIBLY_SAME_AS
      ? 'The two entities may be the same (matched on names, dates and identifiers); followed only with psa'
      : `A ${words(id)} B (inverse: B ${words(inverse)} A)`,
    comment: '',
    type: family,
    inverse,
    between: [],
    attributes: SHARE_BEARING_TYPES.has(id) ? ['shares', 'position'] : family === 'role' || family === 'ownership' ? ['position'] : [],
    symmetric: inverse === id,
    share_bearing: SHARE_BEARING_TYPES.has(id),
    ownership: UBO_TYPES.includes(id) ? 'upstream' : DOWNSTREAM_TYPES.includes(id) ? 'downstream' : null,
  };
});

/** The published client's OntologyEntityType: every attribute and relationship type applies to every entity type here. */
export interface EntityTypeInfo { id: string; label: string; comment: string; attribute: string[]; relationship: string[]; field: string[] }
export const ENTITY_TYPE_ONTOLOGY: readonly EntityTypeInfo[] = ENTITY_TYPES.map((id) => ({
  id, label: capitalise(words(id)), comment: '', attribute: [...ATTRIBUTE_FIELDS], relationship: [...RELATIONSHIP_TYPES],
  field: [...ATTRIBUTE_FIELDS, ...RELATIONSHIP_TYPES],
}));

export interface RiskFactorInfo {
  id: string;
  label: string;
  description: string;
  /** `risk_categories` values (traversal filter) this factor belongs to. */
  categories: string[];
  level: 'critical' | 'high' | 'elevated';
  /** `direct`: carried by ingested data; `derived`: computed from the graph by the risk worker. */
  risk_type: 'direct' | 'derived';
  /** Derived through a possibly-same-as entity (`psa_` prefix). */
  psa: boolean;
  visible: boolean;
  enabled: boolean;
  /** The published client's remaining OntologyRiskFactor fields. */
  doc: string;
  /** 1-based position in the enumeration's sorted order (stable within a version of this service). */
  code: number;
  risk_viz: string;
  type: string;
  tg: boolean;
  do_not_render_metadata: string[];
}

const LISTS_BY_LENGTH = [...SANCTIONS_LISTS].sort((a, b) => b.length - a.length);
const listLabel = (list: string) => list.toUpperCase().replace(/_/g, ' ');

function factorLabel(id: string): string {
  let text = id;
  for (const list of LISTS_BY_LENGTH) {
    if (text.includes(`_${list}`)) {
      text = text.replace(`_${list}`, `_\u0000${list}\u0000`);
      break;
    }
  }
  const parts = text.split('\u0000');
  const label = parts.map((p, i) => (i % 2 === 1 ? listLabel(p) : words(p))).join('').replace(/\s+/g, ' ').trim();
  return capitalise(label.replace(/^psa /, 'Possibly same as: '));
}

function factorDescription(id: string): string {
  if (id.startsWith('psa_')) return `Through a possibly-same-as entity: ${factorDescription(id.slice(4)).replace(/^./, (c) => c.toLowerCase())}`;
  if (id.endsWith('_adjacent')) return `One relationship away from an entity with the ${id.slice(0, -'_adjacent'.length).replace(/^soe$/, 'state_owned')} risk factor`;
  if (id.endsWith('_50_percent_rule')) return 'Owned 50% or more in aggregate by sanctioned parties';
  if (id.startsWith('owned_by_sanctioned')) return 'Owned, directly or through an ownership chain, by a sanctioned entity';
  if (id.startsWith('owner_of_sanctioned')) return 'Owns, directly or through an ownership chain, a sanctioned entity';
  if (id.startsWith('exports_to_sanctioned')) return 'Ships goods to a sanctioned entity';
  if (id.startsWith('formerly_sanctioned')) return 'Was on a sanctions list in the past';
  if (id.startsWith('sanctioned')) return 'On a sanctions list';
  if (id.startsWith('reputational_risk_')) return 'Adverse media about the entity';
  return 'Risk factor carried by the source data';
}

export const RISK_FACTOR_ONTOLOGY: readonly RiskFactorInfo[] = allRiskFactors().map((id, index) => {
  const base = id.startsWith('psa_') ? id.slice(4) : id;
  return {
    id,
    label: factorLabel(id),
    description: factorDescription(id),
    categories: Object.entries(RISK_CATEGORIES).filter(([, matches]) => matches(base)).map(([name]) => name).sort(),
    level: riskLevel(id),
    risk_type: isDirectRiskFactor(id) ? 'direct' : 'derived',
    psa: id.startsWith('psa_'),
    visible: true,
    enabled: true,
    doc: '',
    code: index + 1,
    risk_viz: riskLevel(id),
    type: isDirectRiskFactor(id) ? 'direct' : 'derived',
    // A flag of the client's schema this service has no use for.
    tg: false,
    do_not_render_metadata: [],
  };
});

/** The kinds served under /v1/ontology/<kind>, each a list of items with an `id`. */
export const ONTOLOGY: Readonly<Record<string, readonly { id: string }[]>> = {
  countries: COUNTRIES,
  relationships: RELATIONSHIP_ONTOLOGY,
  entity_types: ENTITY_TYPE_ONTOLOGY,
  risk_factors: RISK_FACTOR_ONTOLOGY,
  attributes: ATTRIBUTE_ONTOLOGY,
  currencies: CURRENCY_ONTOLOGY,
  enums: ENUM_ONTOLOGY,
  languages: LANGUAGE_ONTOLOGY,
  regions: REGION_ONTOLOGY,
};
