/**
 * The CSV export of an upload's results: one line per row, in row order: the row number, its
 * input (each CSV column, several values joined by `; `), the project entity, the best match's
 * id, label, score, strength and risk factors, the explanation of each field, and the error of a
 * failed row.
 */
import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS } from './rows';
import type { RowResult } from '../../feeds/uploads';

const EXPLAINED = ['name', 'identifier', 'country', 'address', 'date_of_birth'] as const;
export const EXPORT_HEADER = [
  'row', ...CSV_COLUMNS.filter((c) => c !== 'tags'), 'tags', 'other_input', 'project_entity_id',
  'match_id', 'match_label', 'score', 'strength', 'risk_factors', ...EXPLAINED.map((f) => `explanation_${f}`), 'error',
];

interface Explained { field: string; quality: string; description: string[] }

const joined = (v: unknown) => [v ?? []].flat().map(String).join('; ');

export function resultLine(r: RowResult): string[] {
  const known = new Set<string>(CSV_COLUMNS);
  const other = Object.fromEntries(Object.entries(r.input).filter(([k]) => !known.has(k)));
  const explanation = (r.match?.explanation as Explained[] | null | undefined) ?? [];
  const explain = (field: string) => {
    const x = explanation.find((e) => e.field === field);
    return x ? `${x.quality}: ${x.description.join('; ')}` : '';
  };
  return [
    String(r.row), ...CSV_COLUMNS.filter((c) => c !== 'tags').map((c) => joined(r.input[c])), joined(r.tags.length ? r.tags : r.input.tags),
    Object.keys(other).length ? JSON.stringify(other) : '', r.project_entity_id ?? '',
    r.match?.id ?? '', r.match?.label ?? '', r.match?.score != null ? String(r.match.score) : '',
    r.match?.strength ?? (r.error ? '' : 'no_match'), (r.match?.risk_factors ?? []).join('; '),
    ...EXPLAINED.map(explain), r.error ?? '',
  ];
}

/** The header line, or the lines of a page of results. */
export const csvLines = (rows: string[][]): string => stringify(rows);
