/**
 * The rows of a resolution upload: the published client's ResolutionBody objects (JSON), or the
 * records of a CSV file with a header row. A row is checked on its own when it is processed, so
 * a bad row fails with its number and reason and the rest go on.
 */
import { parse } from 'csv-parse/sync';
import { badParameter } from '../../domain/errors';
import { CUSTOM_FIELD } from '../projects/contents';
import { ATTRIBUTE_NAMES, ResolutionInput, attributeList } from '../projects/entities';
import { MATCH_PROFILES } from '../projects/entityMatches';

/** Rows one upload may hold. */
export const MAX_UPLOAD_ROWS = 100_000;
/** The CSV header's known columns; any other column becomes a custom_<column> field. */
export const CSV_COLUMNS = ['name', 'country', 'identifier', 'date_of_birth', 'address', 'tags'] as const;
/** Values one attribute of a row may have, and characters one value may have. */
const MAX_VALUES = 20;
const MAX_VALUE_CHARS = 500;
const MAX_CUSTOM_FIELDS = 50;
/** ResolutionBody fields that tune the hosted resolver: accepted, and not used by this one. */
const TUNING_FIELDS = new Set([
  'name_min_percentage', 'name_min_tokens', 'minimum_score_threshold', 'search_fallback', 'cutoff_threshold',
  'candidate_pool_size', 'skip_post_process', 'enable_llm_clean',
]);

export type UploadRow = Record<string, unknown>;

/** A checked row: its resolution input and tags; or why it was refused. */
export type CheckedRow = { ok: true; input: ResolutionInput; tags: string[] } | { ok: false; reason: string };

function valuesOf(field: string, raw: unknown): string[] | string {
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length > MAX_VALUES) return `${field}: at most ${MAX_VALUES} values`;
  const out: string[] = [];
  for (const v of list) {
    if (v === null || v === undefined) continue;
    if (typeof v !== 'string' && typeof v !== 'number') return `${field}: values must be strings`;
    const text = String(v).trim();
    if (text.length > MAX_VALUE_CHARS) return `${field}: a value is longer than ${MAX_VALUE_CHARS} characters`;
    if (text) out.push(text);
  }
  return [...new Set(out)];
}

/** Checks one row: its attributes, tags, custom fields and profile; resolvable by name, identifier or address. */
export function checkRow(row: unknown): CheckedRow {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return { ok: false, reason: 'row: must be an object' };
  const attributes: Record<string, string[]> = {};
  let tags: string[] = [];
  let profile = 'corporate';
  let custom = 0;
  for (const [key, raw] of Object.entries(row as UploadRow)) {
    if (key === 'profile') {
      if (typeof raw !== 'string' || ![...MATCH_PROFILES, 'supplier'].includes(raw)) return { ok: false, reason: `profile: must be one of ${MATCH_PROFILES.join(', ')}` };
      profile = raw === 'supplier' ? 'suppliers' : raw;
      continue;
    }
    if (TUNING_FIELDS.has(key)) continue;
    const known = (ATTRIBUTE_NAMES as readonly string[]).includes(key);
    if (!known && key !== 'tags' && !CUSTOM_FIELD.test(key)) return { ok: false, reason: `${key}: unknown field` };
    const values = valuesOf(key, raw);
    if (typeof values === 'string') return { ok: false, reason: values };
    if (key === 'tags') tags = values;
    else if (values.length) {
      if (CUSTOM_FIELD.test(key) && ++custom > MAX_CUSTOM_FIELDS) return { ok: false, reason: `custom_fields: at most ${MAX_CUSTOM_FIELDS} fields` };
      attributes[key] = CUSTOM_FIELD.test(key) ? [values.join(', ')] : values;
    }
  }
  if (!['name', 'identifier', 'address'].some((f) => attributes[f]?.length)) {
    return { ok: false, reason: 'name: is required, or identifier or address' };
  }
  return { ok: true, input: { attributes: attributeList(attributes), profile }, tags };
}

/** A CSV column name as a row field: a known column as is, any other as custom_<name>. */
function columnField(column: string): string {
  const name = column.trim().toLowerCase();
  if ((CSV_COLUMNS as readonly string[]).includes(name) || CUSTOM_FIELD.test(name)) return name;
  return `custom_${name.replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'column'}`;
}

/**
 * The rows of a CSV file with a header row. A cell of `tags` (and of every known column) may
 * hold several values separated by `;`. A record whose column count differs from the header is
 * kept as a row that fails with its reason.
 */
export function csvRows(text: string): UploadRow[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 1_000_000 }) as string[][];
  } catch (err) {
    throw badParameter('body', `not a readable CSV file: ${(err as Error).message}`);
  }
  if (records.length === 0) throw badParameter('body', 'the CSV file has no header row');
  const [header, ...rest] = records;
  const fields = header.map(columnField);
  if (new Set(fields).size !== fields.length) throw badParameter('body', 'the CSV header names a column twice');
  if (!fields.some((f) => ['name', 'identifier', 'address'].includes(f))) throw badParameter('body', 'the CSV header needs a name, identifier or address column');
  if (rest.length > MAX_UPLOAD_ROWS) throw badParameter('data', `at most ${MAX_UPLOAD_ROWS} rows`);
  return rest.map((cells) => {
    if (cells.length !== fields.length) return { __error: `row has ${cells.length} columns, the header ${fields.length}` };
    const row: UploadRow = {};
    fields.forEach((f, i) => {
      const cell = cells[i].trim();
      if (!cell) return;
      row[f] = CUSTOM_FIELD.test(f) ? cell : cell.split(';').map((v) => v.trim()).filter(Boolean);
    });
    return row;
  });
}

/** checkRow, with the parse error a CSV record may carry. */
export function checkUploadRow(row: unknown): CheckedRow {
  if (row && typeof row === 'object' && '__error' in row) return { ok: false, reason: String((row as UploadRow).__error) };
  return checkRow(row);
}
