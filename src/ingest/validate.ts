/**
 * Structural and domain validation of one ingest line (docs/ingest-format.md).
 * Referential checks (ids that must exist somewhere) happen later, over the whole file.
 */
import Ajv, { ErrorObject } from 'ajv';
import { ATTRIBUTE_FIELDS } from '../domain/attributes';
import { COUNTRY_IDS } from '../domain/countries';
import { isDateString } from '../domain/dates';
import { editDistance } from '../domain/names';
import { ENTITY_TYPES } from '../domain/entityTypes';
import { RELATIONSHIP_TYPES } from '../domain/relationships';
import { isDirectRiskFactor, isRiskFactor } from '../domain/risk';
import { SHIPMENT_SCHEMA, shipmentError, type ShipmentLine } from './shipments';

export type { ShipmentLine } from './shipments';

export interface SourceLine { kind: 'source'; id: string; label?: string; country?: string; source_type?: string }
export interface RecordLine {
  kind: 'record'; id: string; label?: string; source: string; source_url?: string; record_url?: string;
  publication_date?: string; acquisition_date?: string; document_urls?: string[];
  references?: { entity: string; type: 'about' | 'mentions' }[];
}
export interface AttributeLine {
  field: string; value: string; type?: string; records?: string[]; from_date?: string | null; to_date?: string | null;
  date?: string | null; [extra: string]: unknown;
}
export interface RiskLine { factor: string; value?: number; country?: string[]; records?: string[] }
export interface EntityLine {
  kind: 'entity'; id: string; type: string; label?: string; closed?: boolean; attributes?: AttributeLine[]; risk?: RiskLine[];
}
export interface Share { percentage?: number | null; monetary_value?: number | null; currency?: string | null }
export interface RelationshipLine {
  kind: 'relationship'; id?: string; type: string; from: string; to: string; record?: string | null; date?: string | null;
  from_date?: string | null; to_date?: string | null; shares?: Share[] | null; position?: string | null;
}
export interface PsaLine {
  kind: 'possibly_same_as'; a: string; b: string; matches?: Record<string, { target: string; source: string }[]>;
}
export type IngestLine = SourceLine | RecordLine | EntityLine | RelationshipLine | PsaLine | ShipmentLine;

const id = { type: 'string', minLength: 1, maxLength: 512 };
const text = { type: 'string', maxLength: 100_000 };
const date = { type: ['string', 'null'], format: 'date-string' };
const country = { type: 'string', enum: COUNTRY_IDS };
const ids = { type: 'array', items: id, maxItems: 100_000 };
const ATTRIBUTE_ITEM_PROPERTIES = {
  field: { enum: ATTRIBUTE_FIELDS }, value: { type: ['string', 'number'] }, type: text, records: ids,
  from_date: date, to_date: date, date,
};

const schemas: Record<string, object> = {
  source: {
    type: 'object', additionalProperties: false, required: ['kind', 'id'],
    properties: { kind: { const: 'source' }, id, label: text, country, source_type: text },
  },
  record: {
    type: 'object', additionalProperties: false, required: ['kind', 'id', 'source'],
    properties: {
      kind: { const: 'record' }, id, label: text, source: id, source_url: text, record_url: text,
      publication_date: date, acquisition_date: date, document_urls: { type: 'array', items: text },
      references: {
        type: 'array',
        items: {
          type: 'object', additionalProperties: false, required: ['entity', 'type'],
          properties: { entity: id, type: { enum: ['about', 'mentions'] } },
        },
      },
    },
  },
  entity: {
    type: 'object', additionalProperties: false, required: ['kind', 'id', 'type'],
    properties: {
      kind: { const: 'entity' }, id, type: { enum: ENTITY_TYPES }, label: text, closed: { type: 'boolean' },
      attributes: {
        type: 'array',
        items: {
          type: 'object', required: ['field', 'value'],
          properties: ATTRIBUTE_ITEM_PROPERTIES,
        },
      },
      risk: {
        type: 'array',
        items: {
          type: 'object', additionalProperties: false, required: ['factor'],
          properties: {
            factor: { type: 'string', format: 'direct-risk-factor' }, value: { type: 'number' },
            country: { type: 'array', items: country }, records: ids,
          },
        },
      },
    },
  },
  relationship: {
    type: 'object', additionalProperties: false, required: ['kind', 'type', 'from', 'to'],
    properties: {
      kind: { const: 'relationship' }, id, type: { enum: RELATIONSHIP_TYPES }, from: id, to: id,
      record: { anyOf: [id, { type: 'null' }] }, date, from_date: date, to_date: date,
      position: { type: ['string', 'null'], maxLength: 10_000 },
      shares: {
        type: ['array', 'null'],
        items: {
          type: 'object', additionalProperties: false,
          properties: {
            percentage: { type: ['number', 'null'], minimum: 0, maximum: 100 },
            monetary_value: { type: ['number', 'null'] }, currency: { type: ['string', 'null'] },
          },
        },
      },
    },
  },
  possibly_same_as: {
    type: 'object', additionalProperties: false, required: ['kind', 'a', 'b'],
    properties: {
      kind: { const: 'possibly_same_as' }, a: id, b: id,
      matches: {
        type: 'object',
        additionalProperties: {
          type: 'array',
          items: {
            type: 'object', required: ['target', 'source'],
            properties: { target: { type: 'string' }, source: { type: 'string' } },
          },
        },
      },
    },
  },
  shipment: SHIPMENT_SCHEMA,
};

const ajv = new Ajv({ allErrors: false, strict: false });
ajv.addFormat('date-string', { type: 'string', validate: isDateString });
ajv.addFormat('direct-risk-factor', { type: 'string', validate: isDirectRiskFactor });
const validators = Object.fromEntries(Object.entries(schemas).map(([kind, schema]) => [kind, ajv.compile(schema)]));

function describe(error: ErrorObject, line: Record<string, unknown>): string {
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'line';
  switch (error.keyword) {
    case 'enum': {
      const value = valueAt(line, error.instancePath);
      // The relationship types list it; the ingest format gives it a line kind of its own (with match evidence).
      if (line.kind === 'relationship' && where === 'type' && value === 'possibly_same_as') {
        return 'type: "possibly_same_as" is a line kind of its own: {"kind": "possibly_same_as", "a": ..., "b": ...}';
      }
      return `${where}: unknown value ${JSON.stringify(value)}`;
    }
    case 'format': {
      const value = valueAt(line, error.instancePath);
      if (error.params.format === 'date-string') return `${where}: malformed date ${JSON.stringify(value)} (expected YYYY[-MM[-DD]])`;
      return isRiskFactor(String(value))
        ? `${where}: ${JSON.stringify(value)} is a derived risk factor: the worker computes it, ingest files never carry it`
        : `${where}: unknown risk factor ${JSON.stringify(value)}`;
    }
    case 'additionalProperties':
      return `${where}: unknown field "${error.params.additionalProperty}"`;
    case 'required':
      return `${where}: missing "${error.params.missingProperty}"`;
    default:
      return `${where}: ${error.message}`;
  }
}

function valueAt(root: unknown, pointer: string): unknown {
  let node: unknown = root;
  for (const part of pointer.split('/').slice(1)) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

/**
 * An object key set to null means the same as the key being absent (JSON writers of other
 * tools often emit null for absent optionals), at every depth; a required key set to null
 * is then reported as missing. Nulls inside lists are values and are left for the schema.
 */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (v !== null) out[key] = withoutNulls(v);
  return out;
}

/** JSON.parse, then withoutNulls unless the text cannot hold a null (the usual case, skipped cheaply). */
const parseWithoutNulls = (raw: string): unknown => (raw.includes('null') ? withoutNulls(JSON.parse(raw)) : JSON.parse(raw));

/** A line that `parseLine` accepted, parsed again for writing. */
export const readValidLine = (raw: string): IngestLine => parseWithoutNulls(raw) as IngestLine;

/** Parses and checks one line; returns the line or a reason it is bad. */
export function parseLine(raw: string): { line: IngestLine } | { error: string } {
  let value: unknown;
  try {
    value = parseWithoutNulls(raw);
  } catch (e) {
    return { error: `not valid JSON (${(e as Error).message})` };
  }
  return checkValue(value);
}

/**
 * Checks a line already in memory, `text` being its JSON: the same answer as parseLine(text),
 * without parsing the text when the value passes. A value whose text holds a null (a null key,
 * or a list item or number JSON writes as null) is checked from its text, and so is one that
 * fails, since a key set to undefined is in the value but not in its JSON.
 */
export function checkLine(value: object, text: string): { line: IngestLine } | { error: string } {
  if (text.includes('null')) return parseLine(text);
  const checked = checkValue(value);
  return 'error' in checked ? parseLine(text) : checked;
}

function checkValue(value: unknown): { line: IngestLine } | { error: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'not a JSON object' };
  const kind = (value as { kind?: unknown }).kind;
  if (typeof kind !== 'string') return { error: 'missing "kind"' };
  const validate = validators[kind];
  if (!validate) return { error: `unknown kind ${JSON.stringify(kind)}` };
  if (!validate(value)) return { error: describe(validate.errors![0], value as Record<string, unknown>) };
  const line = value as IngestLine;
  const semantic = semanticError(line);
  return semantic ? { error: semantic } : { line };
}

/** The keys the format gives an attribute item (its schema's properties). */
const ATTRIBUTE_KEYS = Object.keys(ATTRIBUTE_ITEM_PROPERTIES);
/** A key's spelling without case, `_` / `-` and a trailing s: fromDate, from-date and from_dates are one. */
const keyShape = (key: string) => key.toLowerCase().replace(/[_-]/g, '').replace(/s$/, '');

/** Two letters side by side swapped: `valeu` for `value`. */
function adjacentSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const differ = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
  return differ.length === 2 && differ[1] === differ[0] + 1 && a[differ[0]] === b[differ[1]] && a[differ[1]] === b[differ[0]];
}

/**
 * An attribute item's keys beyond the format's are kept and served as extra properties of the
 * value (an address's city or postcode, say). A slip on a format key would lose the records or
 * dates without a word, so these are bad lines: the key written another way (`record`,
 * `fromDate`, `Records`), two letters swapped (`valeu`), or, from six letters on, one letter
 * off (`from_dat`, `recods`). Short look-alikes (`data`, `rate`) are kept.
 */
function misspeltAttributeKey(attr: object): { key: string; meant: string } | undefined {
  for (const key of Object.keys(attr)) {
    if (ATTRIBUTE_KEYS.includes(key)) continue;
    const lower = key.toLowerCase();
    const meant = ATTRIBUTE_KEYS.find((known) => keyShape(known) === keyShape(key) || adjacentSwap(lower, known)
      || (lower.length >= 6 && editDistance(lower, known, 1) <= 1));
    if (meant) return { key, meant };
  }
  return undefined;
}

function semanticError(line: IngestLine): string | undefined {
  if (line.kind === 'relationship' && line.from === line.to) return 'from and to are the same entity';
  if (line.kind === 'possibly_same_as' && line.a === line.b) return 'a and b are the same entity';
  if (line.kind === 'shipment') return shipmentError(line);
  if (line.kind === 'entity') {
    for (const [i, attr] of (line.attributes ?? []).entries()) {
      const typo = misspeltAttributeKey(attr);
      if (typo) return `attributes.${i}: unknown field "${typo.key}"; did you mean "${typo.meant}"? (other keys are kept as extra properties of the value)`;
      const value = String(attr.value);
      if (attr.field === 'country' && !COUNTRY_IDS.includes(value)) return `attributes.${i}.value: unknown country id ${JSON.stringify(value)}`;
      if (attr.field === 'date_of_birth' && !isDateString(value)) return `attributes.${i}.value: malformed date ${JSON.stringify(value)} (expected YYYY[-MM[-DD]])`;
    }
  }
  return undefined;
}
