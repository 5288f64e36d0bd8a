/**
 * Generated (or any native) ingest lines as FollowTheMoney entities or BODS 0.3 statements, so
 * the importers can be measured and tried on a graph of any size. Sources, records and
 * possibly-same-as lines have no counterpart here and are left out; BODS holds only the
 * ownership types (has_shareholder, has_beneficial_owner, has_owner).
 */
import countries from 'i18n-iso-countries';
import { interval, thing } from '../export/ftm';
import type { EntityLine, RelationshipLine } from '../ingest/validate';

type Line = { kind: string } & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function node(e: EntityLine) {
  const values = (field: string) => (e.attributes ?? []).filter((a) => a.field === field).map((a) => String(a.value));
  return {
    id: e.id, type: e.type, label: e.label ?? values('name')[0] ?? e.id, countries: values('country'), addresses: values('address'),
    identifiers: (e.attributes ?? []).filter((a) => a.field === 'identifier').map((a) => ({ type: a.type ?? 'unknown', value: String(a.value) })),
    date_of_birth: values('date_of_birth')[0], risk: Object.fromEntries((e.risk ?? []).map((r) => [r.factor, {}])),
  };
}

/** FtM entities of native lines (JSON text), one per entity or relationship line. */
export function* ftmOfLines(lines: Iterable<string>): Generator<object> {
  for (const text of lines) {
    const line = JSON.parse(text) as Line;
    if (line.kind === 'entity') yield thing(node(line as unknown as EntityLine) as never);
    else if (line.kind === 'relationship') {
      const r = line as unknown as RelationshipLine;
      yield interval({ type: r.type, from: r.from, to: r.to, fact: { date: r.date ?? undefined, from_date: r.from_date ?? undefined, to_date: r.to_date ?? undefined, attributes: { shares: r.shares ?? undefined } } });
    }
  }
}

const BODS_OWNERSHIP = new Set(['has_shareholder', 'has_beneficial_owner', 'has_owner']);

/** BODS 0.3 statements of native lines (entities before the relationships naming them, as the generator writes). */
export function* bodsOfLines(lines: Iterable<string>): Generator<object> {
  const persons = new Set<string>();
  let n = 0;
  for (const text of lines) {
    const line = JSON.parse(text) as Line;
    if (line.kind === 'entity') {
      const e = node(line as unknown as EntityLine);
      const codes = e.countries.map((c) => countries.alpha3ToAlpha2(c)).filter(Boolean).map((c) => ({ code: c }));
      if (e.type === 'person') {
        persons.add(e.id);
        yield { statementId: e.id, statementType: 'personStatement', personType: 'knownPerson', names: [{ type: 'individual', fullName: e.label }], nationalities: codes, ...(e.date_of_birth ? { birthDate: e.date_of_birth } : {}) };
      } else {
        yield { statementId: e.id, statementType: 'entityStatement', entityType: 'registeredEntity', name: e.label, ...(codes[0] ? { incorporatedInJurisdiction: codes[0] } : {}), identifiers: e.identifiers.map((i) => ({ scheme: i.type, id: i.value })) };
      }
    } else if (line.kind === 'relationship' && BODS_OWNERSHIP.has(line.type)) {
      const pct = (line.shares ?? []).find((s: { percentage?: number }) => typeof s.percentage === 'number')?.percentage;
      yield {
        statementId: `ooc-${++n}`, statementType: 'ownershipOrControlStatement', ...(line.date ? { statementDate: line.date } : {}),
        subject: { describedByEntityStatement: line.from },
        interestedParty: persons.has(line.to) ? { describedByPersonStatement: line.to } : { describedByEntityStatement: line.to },
        interests: [{ type: 'shareholding', beneficialOwnershipOrControl: line.type === 'has_beneficial_owner', ...(pct !== undefined ? { share: { exact: pct } } : {}), ...(line.from_date ? { startDate: line.from_date } : {}), ...(line.to_date ? { endDate: line.to_date } : {}) }],
      };
    }
  }
}

/** Writes a generated graph as FtM entities or BODS statements, one JSON object a line; does not end the stream. */
export async function writeGeneratedAs(format: 'ftm' | 'bods', lines: Iterable<string>, out: NodeJS.WritableStream): Promise<{ lines: number }> {
  let count = 0;
  for (const item of (format === 'ftm' ? ftmOfLines : bodsOfLines)(lines)) {
    count += 1;
    if (!out.write(`${JSON.stringify(item)}\n`)) await new Promise((resolve) => out.once('drain', resolve));
  }
  return { lines: count };
}
