/**
 * The ontology served under /v1/ontology/...: countries (id, label, ISO 3166-1 numeric code),
 * relationship types, entity types and risk factors. Built from the domain tables, so the
 * ontology and the values the API accepts cannot drift apart.
 *
 * Country labels and numeric codes are ISO 3166-1 (short names, common names where ISO gives
 * one). The three non-ISO ids of the spec get codes from ISO's user-assigned range 900-999:
 * RKS (Kosovo) 997, UNK (unknown country) 998, XXX (international / no country, as in the
 * `xxx_ebrd` sanctions list) 999.
 */
import { ATTRIBUTE_FIELDS } from './attributes';
import { COUNTRY_IDS } from './countries';
import { ENTITY_TYPES } from './entityTypes';
import { POSSIBLY_SAME_AS, RELATIONSHIP_TYPES, SHARE_BEARING_TYPES, UBO_TYPES, DOWNSTREAM_TYPES, inverseRelationship } from './relationships';
import { RISK_CATEGORIES, SANCTIONS_LISTS, allRiskFactors, isDirectRiskFactor, riskLevel } from './risk';

export interface Country { id: string; label: string; code: number }

const COUNTRY_ROWS: ReadonlyArray<readonly [string, string, number]> = [
  ["ABW", "Aruba", 533],
  ["AFG", "Afghanistan", 4],
  ["AGO", "Angola", 24],
  ["AIA", "Anguilla", 660],
  ["ALA", "Åland Islands", 248],
  ["ALB", "Albania", 8],
  ["AND", "Andorra", 20],
  ["ARE", "United Arab Emirates", 784],
  ["ARG", "Argentina", 32],
  ["ARM", "Armenia", 51],
  ["ASM", "American Samoa", 16],
  ["ATA", "Antarctica", 10],
  ["ATF", "French Southern Territories", 260],
  ["ATG", "Antigua and Barbuda", 28],
  ["AUS", "Australia", 36],
  ["AUT", "Austria", 40],
  ["AZE", "Azerbaijan", 31],
  ["BDI", "Burundi", 108],
  ["BEL", "Belgium", 56],
  ["BEN", "Benin", 204],
  ["BES", "Bonaire, Sint Eustatius and Saba", 535],
  ["BFA", "Burkina Faso", 854],
  ["BGD", "Bangladesh", 50],
  ["BGR", "Bulgaria", 100],
  ["BHR", "Bahrain", 48],
  ["BHS", "Bahamas", 44],
  ["BIH", "Bosnia and Herzegovina", 70],
  ["BLM", "Saint Barthélemy", 652],
  ["BLR", "Belarus", 112],
  ["BLZ", "Belize", 84],
  ["BMU", "Bermuda", 60],
  ["BOL", "Bolivia", 68],
  ["BRA", "Brazil", 76],
  ["BRB", "Barbados", 52],
  ["BRN", "Brunei Darussalam", 96],
  ["BTN", "Bhutan", 64],
  ["BVT", "Bouvet Island", 74],
  ["BWA", "Botswana", 72],
  ["CAF", "Central African Republic", 140],
  ["CAN", "Canada", 124],
  ["CCK", "Cocos (Keeling) Islands", 166],
  ["CHE", "Switzerland", 756],
  ["CHL", "Chile", 152],
  ["CHN", "China", 156],
  ["CIV", "Côte d'Ivoire", 384],
  ["CMR", "Cameroon", 120],
  ["COD", "Congo, The Democratic Republic of the", 180],
  ["COG", "Congo", 178],
  ["COK", "Cook Islands", 184],
  ["COL", "Colombia", 170],
  ["COM", "Comoros", 174],
  ["CPV", "Cabo Verde", 132],
  ["CRI", "Costa Rica", 188],
  ["CUB", "Cuba", 192],
  ["CUW", "Curaçao", 531],
  ["CXR", "Christmas Island", 162],
  ["CYM", "Cayman Islands", 136],
  ["CYP", "Cyprus", 196],
  ["CZE", "Czechia", 203],
  ["DEU", "Germany", 276],
  ["DJI", "Djibouti", 262],
  ["DMA", "Dominica", 212],
  ["DNK", "Denmark", 208],
  ["DOM", "Dominican Republic", 214],
  ["DZA", "Algeria", 12],
  ["ECU", "Ecuador", 218],
  ["EGY", "Egypt", 818],
  ["ERI", "Eritrea", 232],
  ["ESH", "Western Sahara", 732],
  ["ESP", "Spain", 724],
  ["EST", "Estonia", 233],
  ["ETH", "Ethiopia", 231],
  ["FIN", "Finland", 246],
  ["FJI", "Fiji", 242],
  ["FLK", "Falkland Islands (Malvinas)", 238],
  ["FRA", "France", 250],
  ["FRO", "Faroe Islands", 234],
  ["FSM", "Micronesia, Federated States of", 583],
  ["GAB", "Gabon", 266],
  ["GBR", "United Kingdom", 826],
  ["GEO", "Georgia", 268],
  ["GGY", "Guernsey", 831],
  ["GHA", "Ghana", 288],
  ["GIB", "Gibraltar", 292],
  ["GIN", "Guinea", 324],
  ["GLP", "Guadeloupe", 312],
  ["GMB", "Gambia", 270],
  ["GNB", "Guinea-Bissau", 624],
  ["GNQ", "Equatorial Guinea", 226],
  ["GRC", "Greece", 300],
  ["GRD", "Grenada", 308],
  ["GRL", "Greenland", 304],
  ["GTM", "Guatemala", 320],
  ["GUF", "French Guiana", 254],
  ["GUM", "Guam", 316],
  ["GUY", "Guyana", 328],
  ["HKG", "Hong Kong", 344],
  ["HMD", "Heard Island and McDonald Islands", 334],
  ["HND", "Honduras", 340],
  ["HRV", "Croatia", 191],
  ["HTI", "Haiti", 332],
  ["HUN", "Hungary", 348],
  ["IDN", "Indonesia", 360],
  ["IMN", "Isle of Man", 833],
  ["IND", "India", 356],
  ["IOT", "British Indian Ocean Territory", 86],
  ["IRL", "Ireland", 372],
  ["IRN", "Iran", 364],
  ["IRQ", "Iraq", 368],
  ["ISL", "Iceland", 352],
  ["ISR", "Israel", 376],
  ["ITA", "Italy", 380],
  ["JAM", "Jamaica", 388],
  ["JEY", "Jersey", 832],
  ["JOR", "Jordan", 400],
  ["JPN", "Japan", 392],
  ["KAZ", "Kazakhstan", 398],
  ["KEN", "Kenya", 404],
  ["KGZ", "Kyrgyzstan", 417],
  ["KHM", "Cambodia", 116],
  ["KIR", "Kiribati", 296],
  ["KNA", "Saint Kitts and Nevis", 659],
  ["KOR", "South Korea", 410],
  ["KWT", "Kuwait", 414],
  ["LAO", "Laos", 418],
  ["LBN", "Lebanon", 422],
  ["LBR", "Liberia", 430],
  ["LBY", "Libya", 434],
  ["LCA", "Saint Lucia", 662],
  ["LIE", "Liechtenstein", 438],
  ["LKA", "Sri Lanka", 144],
  ["LSO", "Lesotho", 426],
  ["LTU", "Lithuania", 440],
  ["LUX", "Luxembourg", 442],
  ["LVA", "Latvia", 428],
  ["MAC", "Macao", 446],
  ["MAF", "Saint Martin (French part)", 663],
  ["MAR", "Morocco", 504],
  ["MCO", "Monaco", 492],
  ["MDA", "Moldova", 498],
  ["MDG", "Madagascar", 450],
  ["MDV", "Maldives", 462],
  ["MEX", "Mexico", 484],
  ["MHL", "Marshall Islands", 584],
  ["MKD", "North Macedonia", 807],
  ["MLI", "Mali", 466],
  ["MLT", "Malta", 470],
  ["MMR", "Myanmar", 104],
  ["MNE", "Montenegro", 499],
  ["MNG", "Mongolia", 496],
  ["MNP", "Northern Mariana Islands", 580],
  ["MOZ", "Mozambique", 508],
  ["MRT", "Mauritania", 478],
  ["MSR", "Montserrat", 500],
  ["MTQ", "Martinique", 474],
  ["MUS", "Mauritius", 480],
  ["MWI", "Malawi", 454],
  ["MYS", "Malaysia", 458],
  ["MYT", "Mayotte", 175],
  ["NAM", "Namibia", 516],
  ["NCL", "New Caledonia", 540],
  ["NER", "Niger", 562],
  ["NFK", "Norfolk Island", 574],
  ["NGA", "Nigeria", 566],
  ["NIC", "Nicaragua", 558],
  ["NIU", "Niue", 570],
  ["NLD", "Netherlands", 528],
  ["NOR", "Norway", 578],
  ["NPL", "Nepal", 524],
  ["NRU", "Nauru", 520],
  ["NZL", "New Zealand", 554],
  ["OMN", "Oman", 512],
  ["PAK", "Pakistan", 586],
  ["PAN", "Panama", 591],
  ["PCN", "Pitcairn", 612],
  ["PER", "Peru", 604],
  ["PHL", "Philippines", 608],
  ["PLW", "Palau", 585],
  ["PNG", "Papua New Guinea", 598],
  ["POL", "Poland", 616],
  ["PRI", "Puerto Rico", 630],
  ["PRK", "North Korea", 408],
  ["PRT", "Portugal", 620],
  ["PRY", "Paraguay", 600],
  ["PSE", "Palestine, State of", 275],
  ["PYF", "French Polynesia", 258],
  ["QAT", "Qatar", 634],
  ["REU", "Réunion", 638],
  ["RKS", "Kosovo", 997],
  ["ROU", "Romania", 642],
  ["RUS", "Russian Federation", 643],
  ["RWA", "Rwanda", 646],
  ["SAU", "Saudi Arabia", 682],
  ["SDN", "Sudan", 729],
  ["SEN", "Senegal", 686],
  ["SGP", "Singapore", 702],
  ["SGS", "South Georgia and the South Sandwich Islands", 239],
  ["SHN", "Saint Helena, Ascension and Tristan da Cunha", 654],
  ["SJM", "Svalbard and Jan Mayen", 744],
  ["SLB", "Solomon Islands", 90],
  ["SLE", "Sierra Leone", 694],
  ["SLV", "El Salvador", 222],
  ["SMR", "San Marino", 674],
  ["SOM", "Somalia", 706],
  ["SPM", "Saint Pierre and Miquelon", 666],
  ["SRB", "Serbia", 688],
  ["SSD", "South Sudan", 728],
  ["STP", "Sao Tome and Principe", 678],
  ["SUR", "Suriname", 740],
  ["SVK", "Slovakia", 703],
  ["SVN", "Slovenia", 705],
  ["SWE", "Sweden", 752],
  ["SWZ", "Eswatini", 748],
  ["SXM", "Sint Maarten (Dutch part)", 534],
  ["SYC", "Seychelles", 690],
  ["SYR", "Syria", 760],
  ["TCA", "Turks and Caicos Islands", 796],
  ["TCD", "Chad", 148],
  ["TGO", "Togo", 768],
  ["THA", "Thailand", 764],
  ["TJK", "Tajikistan", 762],
  ["TKL", "Tokelau", 772],
  ["TKM", "Turkmenistan", 795],
  ["TLS", "Timor-Leste", 626],
  ["TON", "Tonga", 776],
  ["TTO", "Trinidad and Tobago", 780],
  ["TUN", "Tunisia", 788],
  ["TUR", "Türkiye", 792],
  ["TUV", "Tuvalu", 798],
  ["TWN", "Taiwan", 158],
  ["TZA", "Tanzania", 834],
  ["UGA", "Uganda", 800],
  ["UKR", "Ukraine", 804],
  ["UMI", "United States Minor Outlying Islands", 581],
  ["UNK", "Unknown", 998],
  ["URY", "Uruguay", 858],
  ["USA", "United States", 840],
  ["UZB", "Uzbekistan", 860],
  ["VAT", "Holy See (Vatican City State)", 336],
  ["VCT", "Saint Vincent and the Grenadines", 670],
  ["VEN", "Venezuela", 862],
  ["VGB", "Virgin Islands, British", 92],
  ["VIR", "Virgin Islands, U.S.", 850],
  ["VNM", "Vietnam", 704],
  ["VUT", "Vanuatu", 548],
  ["WLF", "Wallis and Futuna", 876],
  ["WSM", "Samoa", 882],
  ["XXX", "International", 999],
  ["YEM", "Yemen", 887],
  ["ZAF", "South Africa", 710],
  ["ZMB", "Zambia", 894],
  ["ZWE", "Zimbabwe", 716],
];

export const COUNTRIES: readonly Country[] = COUNTRY_ROWS.map(([id, label, code]) => ({ id, label, code }));

const byId = new Map(COUNTRIES.map((c) => [c.id, c]));
/** Every accepted country id has a row (checked once at load; a gap is a programming error). */
for (const id of COUNTRY_IDS) if (!byId.has(id)) throw new Error(`ontology: no country row for ${id}`);
if (COUNTRIES.length !== COUNTRY_IDS.length) throw new Error('ontology: country rows and COUNTRY_IDS differ');

export const country = (id: string): Country | undefined => byId.get(id);

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
};
