/**
 * The HS 2022 nomenclature (data/hs2022/: chapters, headings and subheadings with their
 * descriptions, and the sections), read once from the CSV kept in the repository. Served by
 * GET /v1/hs_codes; trade filters match HS codes by prefix.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface HsCode { code: string; short_description: string; long_description: string }

export const HS_DATA_DIR = path.resolve(__dirname, '..', '..', '..', 'data', 'hs2022');

/** One CSV line's fields (RFC 4180 quoting: "" inside a quoted field is a quote). */
export function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { out.push(field); field = ''; } else field += c;
  }
  out.push(field);
  return out;
}

const readCsv = (file: string): string[][] => fs.readFileSync(path.join(HS_DATA_DIR, file), 'utf8')
  .replace(/^\uFEFF/, '').split(/\r?\n/).slice(1).filter((l) => l.trim()).map(csvFields);

let table: HsCode[] | undefined;

/**
 * Every code of the nomenclature in code order. The short description is the code's own; the
 * long one names its section and the descriptions of the chapter and heading above it.
 */
export function hsCodes(): HsCode[] {
  if (table) return table;
  const sections = new Map(readCsv('sections.csv').map(([id, name]) => [id, name]));
  const rows = readCsv('harmonized-system.csv').map(([section, code, description]) => ({ section, code, description }));
  const byCode = new Map(rows.map((r) => [r.code, r.description]));
  table = rows.map((r) => {
    const chain = [2, 4].filter((n) => n < r.code.length).map((n) => byCode.get(r.code.slice(0, n))).filter((d): d is string => !!d);
    const section = sections.get(r.section);
    return {
      code: r.code, short_description: r.description,
      long_description: [section ? `Section ${r.section}: ${section}` : undefined, ...chain, r.description].filter(Boolean).join(' > '),
    };
  }).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return table;
}

/** The description of an HS code or of its longest known prefix; undefined when none is known. */
let descriptions: Map<string, string> | undefined;
export function hsDescription(code: string): string | undefined {
  // Built once: trade search pages ask for the descriptions of thousands of codes.
  const known = (descriptions ??= new Map(hsCodes().map((h) => [h.code, h.short_description])));
  for (let n = Math.min(code.length, 6); n >= 2; n -= 2) {
    const d = known.get(code.slice(0, n));
    if (d) return d;
  }
  return undefined;
}
