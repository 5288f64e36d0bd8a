/**
 * Turns validated ingest lines into the parameter rows of the UNWIND writes. Derived
 * summary fields that depend on the line alone (label, countries, addresses, identifiers,
 * date_of_birth, pep, sanctioned, risk) are computed here; those that depend on the graph
 * (degree, relationship_count, source_count, psa_*) are refreshed after the writes.
 */
import { createHash } from 'node:crypto';
import { endOfPeriod, startOfPeriod } from '../domain/dates';
import { PRESENT, riskLevel, isSanctionsFactor } from '../domain/risk';
import type { EntityLine, PsaLine, RecordLine, RelationshipLine, SourceLine } from './validate';
import { entityLineSearchProps, recordSearchProps } from '../search/fields';

type Props = Record<string, string | number | boolean | string[] | null>;

const compact = (props: Record<string, unknown>): Props => {
  const out: Props = {};
  for (const [k, v] of Object.entries(props)) if (v !== undefined && v !== null) out[k] = v as Props[string];
  return out;
};
const unique = <T>(values: T[]): T[] => [...new Set(values)];

export function sourceRow(line: SourceLine) {
  return { id: line.id, props: compact({ id: line.id, label: line.label ?? line.id, country: line.country, source_type: line.source_type }) };
}

export function recordRow(line: RecordLine) {
  // One reference per entity: the first listed wins, so the page size and references_count agree.
  const seen = new Set<string>();
  const refs = (line.references ?? []).filter((r) => !seen.has(r.entity) && seen.add(r.entity));
  return {
    id: line.id,
    props: compact({
      id: line.id, label: line.label ?? line.id, source: line.source, source_url: line.source_url,
      record_url: line.record_url, publication_date: line.publication_date, acquisition_date: line.acquisition_date,
      document_urls: line.document_urls, references_count: refs.length,
      ...recordSearchProps(line), // sx_* properties of the record_label_search full-text index
    }),
    about: refs.map((r, ordinal) => ({ entity: r.entity, type: r.type, ordinal })).filter((r) => r.type === 'about'),
    mentions: refs.map((r, ordinal) => ({ entity: r.entity, type: r.type, ordinal })).filter((r) => r.type === 'mentions'),
  };
}

/** `status` values that say an entity has closed (the BODS and FtM importers write `dissolved`). */
const CLOSURE_STATUSES = new Set(['dissolved', 'closed', 'liquidated', 'struck off', 'struck_off', 'inactive']);

/**
 * The first day a closed entity counted as closed: the earliest date (from_date, else date) of
 * its closure `status` attributes, as YYYY-MM-DD; undefined when it is open or no such date is
 * given (as_of then counts it closed on every date).
 */
export function closureDate(line: EntityLine): string | undefined {
  if (!line.closed) return undefined;
  const dates = (line.attributes ?? [])
    .filter((a) => a.field === 'status' && CLOSURE_STATUSES.has(String(a.value).trim().toLowerCase()))
    .map((a) => a.from_date ?? a.date)
    .filter((d): d is string => typeof d === 'string' && d.length > 0)
    .map(startOfPeriod);
  return dates.length ? dates.sort()[0] : undefined;
}

export function entityRow(line: EntityLine) {
  const attributes = line.attributes ?? [];
  const values = (field: string) => attributes.filter((a) => a.field === field).map((a) => String(a.value));
  const names = values('name');
  const identifiers = attributes
    .filter((a) => a.field === 'identifier')
    .map((a) => ({ type: a.type ?? 'unknown', value: String(a.value) }));
  const risk: Record<string, { value: number; metadata: { country: string[] }; level: string }> = {};
  for (const r of line.risk ?? []) {
    risk[r.factor] = { value: r.value ?? PRESENT, metadata: { country: r.country ?? [] }, level: riskLevel(r.factor) };
  }
  const factors = Object.keys(risk);
  const attributeCount: Record<string, number> = {};
  for (const a of attributes) attributeCount[a.field] = (attributeCount[a.field] ?? 0) + 1;
  const ordinals: Record<string, number> = {};
  return {
    id: line.id,
    props: compact({
      id: line.id,
      type: line.type,
      label: line.label ?? names[0] ?? line.id,
      closed: line.closed ?? false,
      closed_date: closureDate(line),
      countries: unique(values('country')),
      addresses: unique(values('address')),
      identifiers: JSON.stringify(identifiers),
      date_of_birth: values('date_of_birth')[0],
      pep: factors.includes('pep'),
      sanctioned: factors.some(isSanctionsFactor),
      risk: JSON.stringify(risk),
      risk_factors: factors,
      direct_risk: JSON.stringify(risk),
      attribute_count: JSON.stringify(attributeCount),
      search_names: unique([line.label ?? '', ...names]).filter(Boolean).join('\n'),
      ...entityLineSearchProps(line), // sx_* properties of the entity_search full-text index
    }),
    attributes: attributes.map((a) => {
      const { field, value, type, records, from_date, to_date, date, ...extra } = a;
      const ordinal = (ordinals[field] = (ordinals[field] ?? -1) + 1);
      // An address's city and state also as properties of their own: the trade search's party filters read them.
      const place = (key: 'city' | 'state') => (field === 'address' && typeof extra[key] === 'string' ? extra[key] : undefined);
      return compact({
        entity_id: line.id, field, ordinal, value: String(value), type, records: records ?? [],
        record_count: (records ?? []).length, from_date, to_date, date,
        extra: Object.keys(extra).length ? JSON.stringify(extra) : undefined, city: place('city'), state: place('state'),
      });
    }),
  };
}

/**
 * A relationship fact's identity: its `id` when given, else (type, from, to, record, date,
 * from_date). Re-ingesting the same fact replaces its shares, end date and position.
 */
export function relationshipKey(line: RelationshipLine): string {
  if (line.id) return line.id;
  const parts = [line.type, line.from, line.to, line.record ?? '', line.date ?? '', line.from_date ?? ''];
  return createHash('sha1').update(parts.join('\u0000')).digest('base64url');
}

export function relationshipRow(line: RelationshipLine) {
  const shares = (line.shares ?? []).map((s) => compact({ percentage: s.percentage, monetary_value: s.monetary_value, currency: s.currency }));
  const known = shares.map((s) => s.percentage).filter((p): p is number => typeof p === 'number');
  return {
    from: line.from,
    to: line.to,
    props: compact({
      key: relationshipKey(line), record: line.record, date: line.date, from_date: line.from_date, to_date: line.to_date,
      // Last day the fact held, so "former" is one comparison with today's date in a query.
      to_end: line.to_date ? endOfPeriod(line.to_date) : undefined,
      shares: shares.length ? JSON.stringify(shares) : undefined,
      percentage: known.length ? Math.max(...known) : undefined,
      position: line.position,
    }),
  };
}

export function psaRow(line: PsaLine) {
  const matches = line.matches ?? {};
  const swapped = Object.fromEntries(
    Object.entries(matches).map(([field, pairs]) => [field, pairs.map((p) => ({ target: p.source, source: p.target }))]),
  );
  return { a: line.a, b: line.b, matches_ab: JSON.stringify(matches), matches_ba: JSON.stringify(swapped) };
}
