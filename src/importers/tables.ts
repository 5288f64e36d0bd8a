/**
 * The mapping tables of the FollowTheMoney and BODS importers (docs/import-formats.md lists
 * every row; test/unit/importTables.test.ts converts a record for each). Names from these
 * tables are checked against the domain tables when the module loads, so a row can never
 * name an entity type, relationship type, attribute field or risk factor the ingest refuses.
 */
import { ATTRIBUTE_FIELDS } from '../domain/attributes';
import { ENTITY_TYPES } from '../domain/entityTypes';
import { RELATIONSHIP_TYPES } from '../domain/relationships';
import { isDirectRiskFactor } from '../domain/risk';

/** FtM "thing" schemata that become entities, and their entity type. */
export const FTM_ENTITY_SCHEMATA: Readonly<Record<string, string>> = {
  Person: 'person',
  Company: 'company',
  Organization: 'company',
  LegalEntity: 'unknown',
  PublicBody: 'government_organization',
  Vessel: 'vessel',
  Airplane: 'aircraft',
  Security: 'security',
  RealEstate: 'property',
  Position: 'generic',
};

/**
 * FtM interval schemata that become relationships: `type` read from the `from` property's
 * entity to the `to` property's (an Ownership's asset has_shareholder its owner).
 * `position` names the property whose text becomes the relationship's position.
 */
export interface IntervalMapping { type: string; from: string; to: string; position?: string }
export const FTM_INTERVAL_SCHEMATA: Readonly<Record<string, IntervalMapping>> = {
  Ownership: { type: 'has_shareholder', from: 'asset', to: 'owner', position: 'role' },
  Directorship: { type: 'has_director', from: 'organization', to: 'director', position: 'role' },
  Membership: { type: 'linked_to', from: 'organization', to: 'member', position: 'role' },
  Employment: { type: 'has_employee', from: 'employer', to: 'employee', position: 'role' },
  Family: { type: 'family_of', from: 'person', to: 'relative', position: 'relationship' },
  Associate: { type: 'has_associate', from: 'person', to: 'associate', position: 'relationship' },
  Representation: { type: 'has_legal_representative', from: 'client', to: 'agent', position: 'role' },
  Succession: { type: 'has_legal_predecessor', from: 'successor', to: 'predecessor' },
  UnknownLink: { type: 'linked_to', from: 'subject', to: 'object', position: 'role' },
  Occupancy: { type: 'has_officer', from: 'post', to: 'holder', position: 'status' },
};

/** Entity-valued properties of a thing that become relationships from the thing to the entity named. */
export const FTM_REFERENCE_PROPERTIES: Readonly<Record<string, string>> = {
  parent: 'subsidiary_of',
  issuer: 'has_issuer',
};

/**
 * FtM topics and the direct risk factor each gives. `null`: the graph derives the meaning from
 * the links themselves (sanction.linked is sanctioned_adjacent / owned_by_sanctioned_*, role.rca
 * is pep_adjacent), so the topic is counted as derived, not stored.
 */
export const FTM_TOPICS: Readonly<Record<string, string | null>> = {
  sanction: 'sanctioned',
  'sanction.counter': 'sanctioned_other',
  'sanction.linked': null,
  'asset.frozen': 'sanctioned',
  'export.control': 'export_controls',
  'export.risk': 'export_controls',
  debarment: 'regulatory_action',
  'corp.disqual': 'regulatory_action',
  'reg.action': 'regulatory_action',
  'reg.warn': 'regulatory_action',
  wanted: 'law_enforcement_action',
  'gov.soe': 'state_owned',
  'role.pep': 'pep',
  'role.pol': 'pep',
  'role.rca': null,
  crime: 'reputational_risk_other',
  'crime.fraud': 'reputational_risk_financial_crime',
  'crime.fin': 'reputational_risk_financial_crime',
  'crime.cyber': 'reputational_risk_cybercrime',
  'crime.terror': 'reputational_risk_terrorism',
  'crime.boss': 'reputational_risk_organized_crime',
  'crime.traffick': 'reputational_risk_organized_crime',
  'crime.traffick.drug': 'reputational_risk_organized_crime',
  'crime.traffick.human': 'reputational_risk_forced_labor',
  'crime.theft': 'reputational_risk_other',
  'crime.war': 'reputational_risk_other',
  'crime.env': 'reputational_risk_other',
  corruption: 'reputational_risk_bribery_and_corruption',
};

/**
 * OpenSanctions dataset names of sanctions lists and the list each is: an entity with the
 * `sanction` topic from one of these also gets `sanctioned_<list>`.
 */
export const FTM_SANCTIONS_DATASETS: Readonly<Record<string, string>> = {
  us_ofac_sdn: 'usa_ofac_sdn',
  us_ofac_cons: 'usa_ofac_non_sdn',
  gb_hmt_sanctions: 'gbr_hmt_ofsi',
  gb_fcdo_sanctions: 'gbr_fcdo',
  eu_fsf: 'eu_sanctions',
  eu_sanctions_map: 'eu_ec_sanctions_map',
  un_sc_sanctions: 'un_sc',
  ch_seco_sanctions: 'che_seco',
  ca_dfatd_sema_sanctions: 'can_gac',
  au_dfat_sanctions: 'aus_dfat',
  jp_mof_sanctions: 'jpn_mof',
  ua_nsdc_sanctions: 'ukr_nsdc',
  ua_sfms_blacklist: 'ukr_sfms',
  nz_russia_sanctions: 'nzl_mfat_rus',
  be_fod_sanctions: 'bel_fpsf',
  fr_tresor_gels_avoir: 'fra_dgt_mefids',
  nl_terrorism_list: 'nld_mofa',
  pl_mswia_sanctions: 'pol_mia',
  sg_terrorists: 'sgp_agc',
  il_mod_terrorists: 'isr_mod_nbctf',
  my_moha_sanctions: 'mys_moha',
  ar_repet: 'arg_repet_jus',
  cz_national_sanctions: 'cze_mof',
};

/**
 * FtM properties of things that become attributes: the field, and the attribute `type` where
 * the field has one. `country`-field values are converted from FtM's ISO alpha-2 codes.
 */
export interface PropertyMapping { field: string; type?: string }
export const FTM_PROPERTIES: Readonly<Record<string, PropertyMapping>> = {
  name: { field: 'name' },
  alias: { field: 'name', type: 'alias' },
  previousName: { field: 'name', type: 'previous' },
  weakAlias: { field: 'name', type: 'weak_alias' },
  abbreviation: { field: 'name', type: 'abbreviation' },
  address: { field: 'address' },
  country: { field: 'country', type: 'country' },
  nationality: { field: 'country', type: 'nationality' },
  citizenship: { field: 'country', type: 'citizenship' },
  jurisdiction: { field: 'country', type: 'registration' },
  mainCountry: { field: 'country', type: 'main' },
  flag: { field: 'country', type: 'flag' },
  birthDate: { field: 'date_of_birth' },
  gender: { field: 'gender' },
  position: { field: 'position' },
  status: { field: 'status' },
  legalForm: { field: 'company_type' },
  sector: { field: 'business_purpose' },
  classification: { field: 'business_purpose', type: 'classification' },
  email: { field: 'contact', type: 'email' },
  phone: { field: 'contact', type: 'phone' },
  website: { field: 'contact', type: 'website' },
  registrationNumber: { field: 'identifier', type: 'registration_number' },
  idNumber: { field: 'identifier', type: 'national_id' },
  taxNumber: { field: 'identifier', type: 'tax_number' },
  passportNumber: { field: 'identifier', type: 'passport' },
  innCode: { field: 'identifier', type: 'rus_inn' },
  ogrnCode: { field: 'identifier', type: 'rus_ogrn' },
  leiCode: { field: 'identifier', type: 'lei' },
  dunsCode: { field: 'identifier', type: 'duns' },
  swiftBic: { field: 'identifier', type: 'swift_bic' },
  vatCode: { field: 'identifier', type: 'vat' },
  imoNumber: { field: 'identifier', type: 'imo' },
  mmsi: { field: 'identifier', type: 'mmsi' },
  icaoCode: { field: 'identifier', type: 'icao' },
  isin: { field: 'identifier', type: 'isin' },
  callSign: { field: 'weak_identifier', type: 'call_sign' },
  serialNumber: { field: 'weak_identifier', type: 'serial_number' },
  ticker: { field: 'weak_identifier', type: 'ticker' },
  wikidataId: { field: 'weak_identifier', type: 'wikidata' },
  incorporationDate: { field: 'status', type: 'incorporated' },
  dissolutionDate: { field: 'status', type: 'dissolved' },
  deathDate: { field: 'person_status', type: 'deceased' },
  summary: { field: 'additional_information', type: 'summary' },
  description: { field: 'additional_information', type: 'description' },
  notes: { field: 'additional_information', type: 'notes' },
  birthPlace: { field: 'additional_information', type: 'birth_place' },
  education: { field: 'additional_information', type: 'education' },
  political: { field: 'additional_information', type: 'political' },
  religion: { field: 'additional_information', type: 'religion' },
  title: { field: 'additional_information', type: 'title' },
  firstName: { field: 'additional_information', type: 'first_name' },
  lastName: { field: 'additional_information', type: 'last_name' },
  middleName: { field: 'additional_information', type: 'middle_name' },
  fatherName: { field: 'additional_information', type: 'father_name' },
  capital: { field: 'finances', type: 'capital' },
  model: { field: 'additional_information', type: 'model' },
  manufacturer: { field: 'additional_information', type: 'manufacturer' },
  buildDate: { field: 'additional_information', type: 'build_date' },
  type: { field: 'additional_information', type: 'type' },
};

/** Properties of status-field rows whose value is a date: the attribute's value is the row's type, its date the value. */
export const FTM_DATED_STATUS_PROPERTIES: ReadonlySet<string> = new Set(['incorporationDate', 'dissolutionDate', 'deathDate']);

/**
 * Properties read by the importer itself, not stored as attributes: topics (risk), sourceUrl
 * (the record), addressEntity (the Address entity's text), parent and issuer (relationships),
 * and FtM's own bookkeeping.
 */
export const FTM_STRUCTURAL_PROPERTIES: ReadonlySet<string> = new Set([
  'topics', 'sourceUrl', 'addressEntity', 'modifiedAt', 'createdAt', 'retrievedAt', 'publisher', 'publisherUrl',
  ...Object.keys(FTM_REFERENCE_PROPERTIES),
]);

/** FtM schemata read into other entities' data: Address (addresses), Identification and Passport (identifiers), Sanction (records). */
export const FTM_ATTRIBUTE_SCHEMATA: readonly string[] = ['Address', 'Identification', 'Passport'];
export const FTM_RECORD_SCHEMATA: readonly string[] = ['Sanction'];

/**
 * BODS interest types and the relationship each gives, from the subject to the interested
 * party. An interest with `beneficialOwnershipOrControl: true` gives has_beneficial_owner
 * whatever its type.
 */
export const BODS_INTEREST_TYPES: Readonly<Record<string, string>> = {
  shareholding: 'has_shareholder',
  votingRights: 'has_shareholder',
  appointmentOfBoard: 'has_owner',
  otherInfluenceOrControl: 'has_owner',
  seniorManagingOfficial: 'has_executive',
  settlor: 'has_founder',
  trustee: 'has_manager',
  protector: 'has_supervisor',
  beneficiaryOfLegalArrangement: 'has_beneficial_owner',
  rightsToSurplusAssetsOnDissolution: 'has_owner',
  rightsToProfitOrIncome: 'has_owner',
  rightsGrantedByContract: 'has_owner',
  conditionalRightsGrantedByContract: 'has_owner',
  controlViaCompanyRulesOrArticles: 'has_owner',
  controlByLegalFramework: 'has_owner',
  boardMember: 'has_member_of_the_board',
  boardChair: 'has_member_of_the_board',
  enjoymentAndUseOfAssets: 'has_owner',
  rightToProfitOrIncomeFromAssets: 'has_owner',
  nominee: 'has_legal_representative',
  nominator: 'has_owner',
  unknownInterest: 'has_owner',
  unpublishedInterest: 'has_owner',
};

/** BODS entity types (0.2/0.3 `entityType`, 0.4 `entityType.type`) and the entity type each gives. */
export const BODS_ENTITY_TYPES: Readonly<Record<string, string>> = {
  registeredEntity: 'company',
  legalEntity: 'company',
  arrangement: 'generic',
  anonymousEntity: 'unknown',
  unknownEntity: 'unknown',
  state: 'government_organization',
  stateBody: 'government_organization',
};

/** BODS identifier schemes with a type of their own; others become the scheme, lower-cased, `-` as `_`. */
export const BODS_IDENTIFIER_SCHEMES: Readonly<Record<string, string>> = {
  'GB-COH': 'gbr_company_number',
  'XI-LEI': 'lei',
  'DK-CVR': 'dnk_cvr',
  'UA-EDR': 'ukr_edrpou',
  'SK-ORSR': 'svk_ico',
  'MISC-Companies House PSC ID': 'gbr_psc_id',
};

// Every name above is one the domain tables know (a typo fails at load, not at ingest).
for (const t of [...Object.values(FTM_ENTITY_SCHEMATA), ...Object.values(BODS_ENTITY_TYPES)]) {
  if (!ENTITY_TYPES.includes(t)) throw new Error(`import tables: unknown entity type ${t}`);
}
for (const t of [...Object.values(FTM_INTERVAL_SCHEMATA).map((m) => m.type), ...Object.values(FTM_REFERENCE_PROPERTIES), ...Object.values(BODS_INTEREST_TYPES)]) {
  if (!RELATIONSHIP_TYPES.includes(t)) throw new Error(`import tables: unknown relationship type ${t}`);
}
for (const m of Object.values(FTM_PROPERTIES)) if (!ATTRIBUTE_FIELDS.includes(m.field)) throw new Error(`import tables: unknown attribute field ${m.field}`);
for (const f of Object.values(FTM_TOPICS)) if (f !== null && !isDirectRiskFactor(f)) throw new Error(`import tables: ${f} is no direct risk factor`);
for (const l of Object.values(FTM_SANCTIONS_DATASETS)) if (!isDirectRiskFactor(`sanctioned_${l}`)) throw new Error(`import tables: no list ${l}`);
