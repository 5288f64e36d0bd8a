/**
 * `as_of=YYYY-MM-DD`: the graph as it stood on a date (docs/traversal.md, "as_of"). The
 * parameter's validation, and the two dated tests the statements make, for values already read.
 */
import { badParameter } from './errors';
import { isDateParameter, startOfPeriod } from './dates';

/** The dates `as_of` accepts: the records this graph holds start after the first, and the second is far enough ahead for any scheduled fact. */
export const AS_OF_MIN = '1800-01-01';
export const AS_OF_MAX = '2999-12-31';

/** The schema of the parameter; asOfParameter checks the day itself (no 2026-02-30) and the range. */
export const AS_OF_SCHEMA = {
  type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  description: `YYYY-MM-DD (${AS_OF_MIN} to ${AS_OF_MAX}): answer on the graph as it stood that day: only relationship facts valid then (from_date on or before it or undated, to_date on or after it or open), effective shares on those, closure judged then`,
};

/** The validated `as_of` of a request, undefined when absent; a 400 (406 legacy) naming `as_of` otherwise. */
export function asOfParameter(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) throw badParameter('as_of', `not a date YYYY-MM-DD: ${JSON.stringify(text.slice(0, 40))}`);
  if (!isDateParameter(text)) throw badParameter('as_of', `no such day: ${text}`);
  if (text < AS_OF_MIN || text > AS_OF_MAX) throw badParameter('as_of', `out of range: ${text} (${AS_OF_MIN} to ${AS_OF_MAX})`);
  return text;
}

/** Whether a stored fact (from_date as ingested, to_end its last day) held on `asOf`, as the step-filter fragment tests it. */
export function factHoldsOn(fact: { from_date?: unknown; to_end?: unknown }, asOf: string): boolean {
  const from = typeof fact.from_date === 'string' ? fact.from_date : undefined;
  const end = typeof fact.to_end === 'string' ? fact.to_end : undefined;
  return (from === undefined || from <= asOf) && (end === undefined || end >= asOf);
}

/**
 * Whether an entity counts as closed: today, its `closed` flag; as of a date, closed with no
 * known closure date or closed on or before that date (an entity closed later was open then).
 */
export function closedOn(entity: { closed?: unknown; closed_date?: unknown }, asOf?: string): boolean {
  if (!entity.closed) return false;
  if (asOf === undefined || typeof entity.closed_date !== 'string') return true;
  return startOfPeriod(entity.closed_date) <= asOf;
}
