/**
 * What the FtM and BODS converters share: the values they normalise (countries, dates) and the
 * tally of what they could not map, which the import prints (nothing is dropped without a count).
 */
import countries from 'i18n-iso-countries';
import { isCountryId } from '../domain/countries';
import { isDateString } from '../domain/dates';
import type { IngestLine } from '../ingest/validate';

/** Codes the ISO table lacks that the formats use: Kosovo (xk), and "global" / unknown. */
const SPECIAL_COUNTRIES: Readonly<Record<string, string>> = { xk: 'RKS', zz: 'XXX', eu: 'XXX' };

/** A country code of either format (ISO alpha-2, alpha-3, any case) as the spec's alpha-3 id, or undefined. */
export function countryId(code: string): string | undefined {
  const lower = code.trim().toLowerCase();
  if (SPECIAL_COUNTRIES[lower]) return SPECIAL_COUNTRIES[lower];
  const alpha3 = lower.length === 2 ? countries.alpha2ToAlpha3(lower.toUpperCase()) : lower.toUpperCase();
  return alpha3 && isCountryId(alpha3) ? alpha3 : undefined;
}

/** A date or date-time of either format (`2014-03-20T00:00:00Z`, `2014-03`) as `YYYY[-MM[-DD]]`, or undefined. */
export function dateOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const date = value.trim().slice(0, 10);
  return isDateString(date) ? date : undefined;
}

/** A percentage written as a number or text (`60`, `"60.5"`, `"60%"`) within 0-100, or undefined. */
export function percentageOf(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? parseFloat(value.replace('%', '')) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : undefined;
}

/** Counts of what a conversion met and could not map, by kind and name: `{ schema: { Payment: 3 } }`. */
export class Unmapped {
  readonly counts = new Map<string, Map<string, number>>();
  add(kind: string, name: string): void {
    let byName = this.counts.get(kind);
    if (!byName) this.counts.set(kind, (byName = new Map()));
    byName.set(name, (byName.get(name) ?? 0) + 1);
  }
  /** One line per kind: `unknown property: Person:foo (2), Company:bar (1)`. */
  describe(): string[] {
    return [...this.counts].map(([kind, byName]) => `${kind}: ${[...byName].sort((a, b) => b[1] - a[1]).map(([n, c]) => `${n} (${c})`).join(', ')}`);
  }
  toJSON(): Record<string, Record<string, number>> {
    return Object.fromEntries([...this.counts].map(([kind, byName]) => [kind, Object.fromEntries(byName)]));
  }
}

/**
 * One claim of an input item (Converter.keysOf): its identity across releases (`key`), the
 * scope it is published in, and for BODS the graph id it describes (`root`). An item published
 * in several scopes (an FtM entity of several datasets) has a claim in each, so a release of
 * one scope ends only that scope's claim: `group` is the item's id, shared by its claims, and
 * `records` the records only this claim writes (the item's records no claim names are shared),
 * `factors` the direct risk factors only this claim gives (a sanctions list's factor of its
 * dataset), which its entities lose when the claim ends and another keeps them.
 */
export interface ItemKey { key: string; scope: string; root?: string; group?: string; records?: string[]; factors?: string[] }

/** One input item (a JSON line, or an element of a JSON array) and its number for error reports. */
export interface InputItem { no: number; value: unknown }

/**
 * A format's converter. `collect` sees every item first (the ids a file defines, the data one
 * item lends another: an Address's text, a replaced statement's id); `convert` then gives each
 * item's ingest lines or the reason it is bad.
 */
export interface Converter {
  collect(item: InputItem): void;
  /**
   * Called once between the passes with the ids referred to but not defined in the file, to
   * learn which the graph holds, and with the graph id (root) earlier imports gave some item keys.
   */
  resolve?(existing: (ids: string[]) => Promise<Set<string>>, roots: (keys: string[]) => Promise<Map<string, string>>): Promise<void>;
  convert(item: InputItem): IngestLine[] | { error: string };
  /** Lines that belong to the file rather than to one item (sources), written first. */
  preamble(): IngestLine[];
  /**
   * The item's claims: its identity across releases in each scope it is published in (format
   * and dataset or publisher) and, for a format whose items update one another (BODS), the
   * graph id of what it describes (`root`, valid after resolve): an earlier item of the same
   * root that this import does not hold is replaced by it. Empty for an item that is not valid.
   */
  keysOf(item: InputItem): ItemKey[];
  readonly unmapped: Unmapped;
}

/** Lower-case words joined by `_`, for ids and types made from free text. */
export const slug = (text: string): string => text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'unknown';
