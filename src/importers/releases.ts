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
import type { ItemKey } from './common';
import type { Conversion, EarlierItem, ItemState, Produced } from './convert';
import { endWhatIsGone } from './ending';

const BATCH = 10_000;

/** Runs `statement` of cypher/import.cypher over `keys` a batch at a time, keeping what `entry` makes of each row by its `key`. */
function lookup<T>(graph: Graph, statement: string, entry: (row: { get(key: string): unknown }) => T): (keys: string[]) => Promise<Map<string, T>> {
  return async (keys) => {
    const out = new Map<string, T>();
    for (let i = 0; i < keys.length; i += BATCH) {
      const rows = await graph.read(cypher('import', statement), { keys: keys.slice(i, i + BATCH) }, 10 * 60_000);
      for (const row of rows) out.set(row.get('key') as string, entry(row));
    }
    return out;
  };
}

/**
 * The hash each of `claims` converted to at its last import, and whether its state is in the
 * layout of earlier versions. Claims of a scope no import has held yet (a dataset's first
 * import) are not looked up: whether a scope holds items is asked once per scope.
 */
export function previousHashes(graph: Graph): (claims: Pick<ItemKey, 'key' | 'scope'>[]) => Promise<Map<string, EarlierItem>> {
  const byKey = lookup<EarlierItem>(graph, 'import-hashes', (row) => ({ hash: row.get('hash') as string, legacy: row.get('legacy') === true }));
  const held = new Map<string, Promise<boolean>>();
  const holds = (scope: string) => {
    let answer = held.get(scope);
    if (!answer) held.set(scope, (answer = graph.read(cypher('import', 'scope-has-items'), { scope }).then((rows) => rows.length > 0)));
    return answer;
  };
  return async (claims) => {
    const scopes = [...new Set(claims.map((c) => c.scope))];
    const known = new Set((await Promise.all(scopes.map(async (scope) => ((await holds(scope)) ? [scope] : [])))).flat());
    return byKey(claims.filter((c) => known.has(c.scope)).map((c) => c.key));
  };
}
/** The graph id (root) each of `keys` was given at its last import. */
export const previousRoots = (graph: Graph) => lookup<string>(graph, 'import-roots', (row) => row.get('root') as string);

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

/** An item state as the save statements of cypher/import.cypher take it. */
export const itemRow = ({ key, scope, root, group, hash, produced }: ItemState) => ({ key, scope, root: root ?? null, group: group ?? null, hash, produced: storedProduced(produced) });

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
 * `early`: the run id and the keys of the added items already saved while the file was written
 * (./earlyItems), which are not saved again.
 */
export async function applyRelease(
  inTx: InTransaction, conversion: Conversion, bad: BadLine[], options: ReleaseOptions = {},
  early: { runId: string; written: Set<string> } = { runId: randomUUID(), written: new Set() },
): Promise<ReleaseOutcome> {
  const runId = early.runId;
  const skipped = new Set([...conversion.bad, ...bad].map((b) => b.line));
  const states = conversion.states.filter((s) => !skipped.has(s.no));
  const date = options.release ?? options.today ?? new Date().toISOString().slice(0, 10);
  const gone: Produced[] = [];
  const changedKeys = states.filter((s) => s.status === 'changed').map((s) => s.key);
  for (let i = 0; i < changedKeys.length; i += BATCH) {
    const keys = changedKeys.slice(i, i + BATCH);
    for (const { produced } of await inTx((run) => readProduced(run, 'import-items-produced', { keys }))) gone.push(produced);
  }
  // Unchanged items are not written (their hash and what they wrote stand), except to move a
  // state saved by an earlier version to the current layout.
  const rowsOf = (status: ItemState['status'], legacyOnly = false) => states
    .filter((s) => s.status === status && (!legacyOnly || s.legacy))
    .map(itemRow);
  const byStatement = [
    // A key met twice in the file (one FtM id on two lines) is one item: its last line counts, as with MERGE.
    ['create-import-items', [...new Map(rowsOf('added').map((r) => [r.key, r])).values()].filter((r) => !early.written.has(r.key))],
    ['save-import-items', rowsOf('changed')],
    ['move-import-items', rowsOf('unchanged', true)],
  ] as const;
  for (const [statement, of] of byStatement) {
    for (let i = 0; i < of.length; i += BATCH) {
      const slice = of.slice(i, i + BATCH);
      await inTx((run) => run(cypher('import', statement), { rows: slice, run: runId }));
    }
  }
  const scopes = [...new Set(states.map((s) => s.scope))];
  // The items this import holds; every earlier item of its scopes not among them is absent.
  const held = new Set(states.map((s) => s.key));
  // Ending needs the whole release: an item on a skipped line is not absent, only unread.
  const releaseApplied = options.release !== undefined && skipped.size === 0;
  return inTx(async (run) => {
    const retired = new Set<string>();
    const retiredGroups = new Set<string>();
    const ended: Produced[] = [...gone];
    const roots = [...new Set(states.flatMap((s) => (s.root ? [s.root] : [])))];
    for (let i = 0; i < roots.length; i += BATCH) {
      for (const item of await readProduced(run, 'import-items-replaced', { roots: roots.slice(i, i + BATCH) })) {
        if (held.has(item.key)) continue;
        retired.add(item.key);
        ended.push(item.produced);
      }
    }
    // Absent items are counted by the scope index and listed only when a release ends them: an
    // unchanged release neither writes its items nor reads them back.
    const absentNow = async () => Number((await run(cypher('import', 'count-import-items-of-scopes'), { scopes }))[0].get('items')) - held.size;
    if (releaseApplied && (await absentNow()) > 0) {
      const inScopes = (await run(cypher('import', 'import-item-keys-of-scopes'), { scopes })).map((row) => row.get('key') as string);
      const absentKeys = inScopes.filter((key) => !held.has(key) && !retired.has(key));
      for (let i = 0; i < absentKeys.length; i += BATCH) {
        for (const item of await readProduced(run, 'import-items-produced', { keys: absentKeys.slice(i, i + BATCH) })) {
          retired.add(item.key);
          if (item.group) retiredGroups.add(item.group);
          ended.push(item.produced);
        }
      }
    }
    const keys = [...retired];
    for (let i = 0; i < keys.length; i += BATCH) await run(cypher('import', 'delete-import-items'), { keys: keys.slice(i, i + BATCH) });
    const absent = releaseApplied ? 0 : await absentNow();
    // What the other claims of an item still write (its other datasets) is kept, as this import's is.
    const kept = states.map((s) => s.produced);
    const groups = [...retiredGroups];
    for (let i = 0; i < groups.length; i += BATCH) {
      for (const item of await readProduced(run, 'import-items-of-groups', { groups: groups.slice(i, i + BATCH) })) kept.push(item.produced);
    }
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
