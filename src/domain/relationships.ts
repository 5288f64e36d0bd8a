/**
 * Relationship types and their inverses (docs/ingest-format.md, "Relationship types").
 * This table is the only source of relationship type names that may be placed into a
 * Cypher pattern: a request value is looked up here and rejected when absent.
 */
const PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['has_shareholder', 'shareholder_of'],
  ['has_beneficial_owner', 'beneficial_owner_of'],
  ['has_owner', 'owner_of'],
  ['subsidiary_of', 'has_subsidiary'],
  ['branch_of', 'has_branch'],
  ['has_director', 'director_of'],
  ['has_officer', 'officer_of'],
  ['has_executive', 'executive_of'],
  ['has_manager', 'manager_of'],
  ['has_secretary', 'secretary_of'],
  ['has_member_of_the_board', 'member_of_the_board_of'],
  ['has_partner', 'partner_of'],
  ['has_founder', 'founder_of'],
  ['has_legal_representative', 'legal_representative_of'],
  ['has_judicial_representative', 'judicial_representative_of'],
  ['has_registered_agent', 'registered_agent_of'],
  ['has_supervisor', 'supervisor_of'],
  ['has_auditor', 'auditor_of'],
  ['has_liquidator', 'liquidator_of'],
  ['has_sole_proprietor', 'sole_proprietor_of'],
  ['has_employee', 'employee_of'],
  ['has_lawyer', 'lawyer_in'],
  ['has_client', 'client_of'],
  ['has_issuer', 'issuer_of'],
  ['has_legal_predecessor', 'legal_predecessor_of'],
  ['has_legal_successor', 'legal_successor_of'],
  ['has_carrier', 'carrier_of'],
  ['has_notify_party', 'notify_party_of'],
  ['has_party', 'party_to'],
  ['shipped_by', 'shipper_of'],
  ['receives_from', 'ships_to'],
  ['awarded_by', 'awarder_of'],
  ['awarded_to', 'recipient_of'],
  ['contracted_by', 'procures_from'],
  ['received_by', 'receiver_of'],
  ['credited_by', 'credits_to'],
  ['debited_by', 'debits_from'],
  ['transfers_from', 'transfers_to'],
  ['has_associate', 'associate_of'],
  ['family_of', 'family_of'],
  ['linked_to', 'linked_to'],
  ['generic', 'generic'],
];

/** Followed only when `psa` is on; stored like any other symmetric type. */
export const POSSIBLY_SAME_AS = 'possibly_same_as';

const inverseOf = new Map<string, string>();
for (const [a, b] of PAIRS) {
  inverseOf.set(a, b);
  inverseOf.set(b, a);
}

/** Every relationship type an ingest line or a request may name (psa excluded). */
export const RELATIONSHIP_TYPES: readonly string[] = [...inverseOf.keys()];

/**
 * Names the published client's Relationships enum has beside this table, read as the type they
 * name: a misspelling it keeps (judidical_) and lawyer_of, the inverse of has_lawyer, which this
 * table calls lawyer_in.
 */
export const RELATIONSHIP_ALIASES: Readonly<Record<string, string>> = {
  judidical_representative_of: 'judicial_representative_of',
  lawyer_of: 'lawyer_in',
};

/**
 * Every value a request's relationship-type list takes: the types, possibly_same_as (the
 * client's enum has it; such links are followed only when `psa` is on) and the aliases.
 */
export const REQUEST_RELATIONSHIP_VALUES: readonly string[] = [...RELATIONSHIP_TYPES, POSSIBLY_SAME_AS, ...Object.keys(RELATIONSHIP_ALIASES)];

/** A request's relationship-type values as table names (aliases read), each once, in order. */
export function requestedRelationships(values: readonly string[]): string[] {
  return [...new Set(values.map((v) => RELATIONSHIP_ALIASES[v] ?? v))];
}

export function isRelationshipType(value: string): boolean {
  return inverseOf.has(value);
}

export function inverseRelationship(type: string): string {
  const inverse = inverseOf.get(type);
  if (!inverse) throw new Error(`unknown relationship type ${type}`);
  return inverse;
}

/** Types on which `min_shares` / `include_unknown_shares` apply. */
export const SHARE_BEARING_TYPES: ReadonlySet<string> = new Set([
  'has_shareholder', 'shareholder_of', 'has_beneficial_owner', 'beneficial_owner_of', 'has_owner', 'owner_of',
]);

export const UBO_TYPES = ['has_shareholder', 'has_beneficial_owner', 'has_owner', 'subsidiary_of', 'branch_of'];
export const DOWNSTREAM_TYPES = ['shareholder_of', 'beneficial_owner_of', 'owner_of', 'has_subsidiary', 'has_branch'];

/**
 * The Neo4j relationship type that stores an API relationship type. Only names from this
 * table (or POSSIBLY_SAME_AS) are accepted, so the result is safe to place in a pattern.
 */
export function neo4jRelType(type: string): string {
  if (type !== POSSIBLY_SAME_AS && !inverseOf.has(type)) throw new Error(`unknown relationship type ${type}`);
  return type.toUpperCase();
}

/** Inverse of neo4jRelType, for rows read back from the graph. */
export function apiRelType(neo4jType: string): string {
  return neo4jType.toLowerCase();
}
