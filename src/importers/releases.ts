/**
 * What an import remembers between releases (cypher/import.cypher): the hash each input item
 * converted to, so the next release writes only the items that changed (and so re-scores only
 * their entities), and what each item wrote, so what a later release no longer holds is ended
 * (./ending.ts). Runs inside the import's transaction: the item states and the endings commit
 * with the file's lines or not at all.
 */
import { randomUUID } from 'node:crypto';
import { cypher } from '../graph/cypherFiles';
import type { Graph } from '../graph/neo4j';
import type { BadLine } from '../ingest/options';
import type { InTransaction, Runner } from '../ingest/transactions';
import type { Conversion, Produced } from './convert';
import { endWhatIsGone } from './ending';

const BATCH = 10_000;

/** The value of one property of each of `keys` found, by a statement of cypher/import.cypher returning `key` and `column`. */
function lookup(graph: Graph, statement: string, column: string): (keys: string[]) => Promise<Map<string, string>> {
  return async (keys) => {
    const out = new Map<string, string>();
    for (let i = 0; i < keys.length; i += BATCH) {
      const rows = await graph.read(cypher('import', statement), { keys: keys.slice(i, i + BATCH) }, 10 * 60_000);
      for (const row of rows) out.set(row.get('key'), row.get(column));
    }
    return out;
  };
}

/** The hash each of `keys` converted to at its last import. */
export const previousHashes = (graph: Graph) => lookup(graph, 'import-hashes', 'hash');
/** The graph id (root) each of `keys` was given at its last import. */
export const previousRoots = (graph: Graph) => lookup(graph, 'import-roots', 'root');

/**
 * Items of this import by status; `ended`: earlier items retired by it (left out of a release,
 * or replaced by a later statement); `absent`: earlier items of the same scopes this import
 * does not hold and left as they were (not a release, or not read whole).
 */
export interface ReleaseCounts { added: number; changed: number; unchanged: number; ended: number; absent: number }

export interface ReleaseOptions {
  /** The release date (YYYY-MM-DD): set when this import is a whole release of its scopes, whose absent items are ended. */
  release?: string;
  /** The date a replaced statement's or a changed item's dropped facts end on (default today). */
  today?: string;
}

export interface ReleaseOutcome { counts: ReleaseCounts; touched: string[]; releaseApplied: boolean }

const PRODUCED_LISTS = ['entities', 'records', 'rel_keys', 'rel_from', 'factors'] as const;

/** `produced` as an item stores it: one JSON object of its non-empty lists. */
export function storedProduced(p: Produced): string {
  return JSON.stringify(Object.fromEntries(PRODUCED_LISTS.filter((k) => p[k].length > 0).map((k) => [k, p[k]])));
}

/** What an item wrote, from its `produced` JSON or, saved before it, its five list columns. */
const producedOf = (row: { get(key: string): unknown }): Produced => {
  const stored = row.get('produced');
  const lists: Partial<Produced> = typeof stored === 'string' ? JSON.parse(stored) : {};
  const list = (k: (typeof PRODUCED_LISTS)[number]) => lists[k] ?? (typeof stored === 'string' ? [] : row.get(k) as string[]);
  return { entities: list('entities'), records: list('records'), rel_keys: list('rel_keys'), rel_from: list('rel_from'), factors: list('factors') };
};

async function readProduced(run: Runner, statement: string, params: Record<string, unknown>): Promise<{ key: string; group: string | null; produced: Produced }[]> {
  return (await run(cypher('import', statement), params)).map((row) => ({ key: row.get('key') as string, group: row.get('group') as string | null, produced: producedOf(row) }));
}

/**
 * Records the items of a loaded conversion, leaving out those on `bad` input lines, and ends
 * what is gone: what changed items no longer write, what earlier items replaced by this
 * import's (same root) wrote, and, for a release read whole (no bad line), what the items of
 * its scopes that it does not hold wrote. Returns the counts and the entities to re-score.
 * The item states are saved a batch a call of `inTx` and the ending is one call: all in the
 * file's transaction, or (a file committed per batch) the ending in one transaction of its own.
 */
export async function applyRelease(inTx: InTransaction, conversion: Conversion, bad: BadLine[], options: ReleaseOptions = {}): Promise<ReleaseOutcome> {
  const runId = randomUUID();
  const skipped = new Set([...conversion.bad, ...bad].map((b) => b.line));
  const states = conversion.states.filter((s) => !skipped.has(s.no));
  const date = options.release ?? options.today ?? new Date().toISOString().slice(0, 10);
  const gone: Produced[] = [];
  const changedKeys = states.filter((s) => s.status === 'changed').map((s) => s.key);
  for (let i = 0; i < changedKeys.length; i += BATCH) {
    const keys = changedKeys.slice(i, i + BATCH);
    for (const { produced } of await inTx((run) => readProduced(run, 'import-items-produced', { keys }))) gone.push(produced);
  }
  const rows = states.map(({ key, scope, root, group, hash, produced, status }) => ({
    key, scope, root: root ?? null, group: group ?? null, hash, status, produced: storedProduced(produced),
  }));
  const byStatement = [
    // A key met twice in the file (one FtM id on two lines) is one item: its last line counts, as with MERGE.
    ['create-import-items', [...new Map(rows.filter((r) => r.status === 'added').map((r) => [r.key, r])).values()]],
    ['save-import-items', rows.filter((r) => r.status === 'changed')],
    ['touch-import-items', rows.filter((r) => r.status === 'unchanged')],
  ] as const;
  for (const [statement, of] of byStatement) {
    for (let i = 0; i < of.length; i += BATCH) {
      const slice = of.slice(i, i + BATCH);
      await inTx((run) => run(cypher('import', statement), { rows: slice, run: runId }));
    }
  }
  const scopes = [...new Set(states.map((s) => s.scope))];
  // Ending needs the whole release: an item on a skipped line is not absent, only unread.
  const releaseApplied = options.release !== undefined && skipped.size === 0;
  return inTx(async (run) => {
    const retired = new Set<string>();
    const retiredGroups = new Set<string>();
    const ended: Produced[] = [...gone];
    const roots = [...new Set(states.flatMap((s) => (s.root ? [s.root] : [])))];
    for (let i = 0; i < roots.length; i += BATCH) {
      for (const item of await readProduced(run, 'import-items-replaced', { roots: roots.slice(i, i + BATCH), run: runId })) {
        retired.add(item.key);
        ended.push(item.produced);
      }
    }
    if (releaseApplied) {
      for (const item of await readProduced(run, 'import-items-not-in-run', { scopes, run: runId })) {
        if (retired.has(item.key)) continue;
        retired.add(item.key);
        if (item.group) retiredGroups.add(item.group);
        ended.push(item.produced);
      }
    }
    const keys = [...retired];
    for (let i = 0; i < keys.length; i += BATCH) await run(cypher('import', 'delete-import-items'), { keys: keys.slice(i, i + BATCH) });
    // What the other claims of an item still write (its other datasets) is kept, as this import's is.
    const kept = states.map((s) => s.produced);
    const groups = [...retiredGroups];
    for (let i = 0; i < groups.length; i += BATCH) {
      for (const item of await readProduced(run, 'import-items-of-groups', { groups: groups.slice(i, i + BATCH) })) kept.push(item.produced);
    }
    const absent = releaseApplied ? 0 : Number((await run(cypher('import', 'count-import-items-not-in-run'), { scopes, run: runId }))[0].get('absent'));
    const ending = await endWhatIsGone(run, ended, kept, date);
    const counts = { added: 0, changed: 0, unchanged: 0, ended: retired.size, absent };
    for (const s of states) counts[s.status] += 1;
    return { counts, touched: ending.touched, releaseApplied };
  });
}

/** The counts as the CLI prints them; `requested`: --release was given. */
export function describeRelease({ counts: c, releaseApplied }: ReleaseOutcome, requested: boolean): string {
  const main = `${c.added} added, ${c.changed} changed, ${c.ended} ended, ${c.unchanged} unchanged`;
  if (c.absent === 0) return main;
  const why = requested && !releaseApplied ? '--release not applied: lines were skipped' : 'pass --release to end them when the file is a whole release';
  return `${main}; ${c.absent} of an earlier import not in this one, left as they were (${why})`;
}
