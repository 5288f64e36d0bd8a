/**
 * `graph-api ingest`: check a whole file, then write it in batched UNWIND statements.
 *
 * Pass 1 parses and validates every line and collects the ids it defines and references;
 * ids neither defined in the file nor present in the graph make the lines naming them bad.
 * A file with any bad line loads nothing unless skipInvalid is set. Pass 2 writes, by
 * default inside one transaction per file, so a failure leaves the graph as it was.
 */
import { setImmediate } from 'node:timers/promises';
import { cypher, statement } from '../graph/cypherFiles';
import type { Graph } from '../graph/neo4j';
import { inverseRelationship, neo4jRelType } from '../domain/relationships';
import { isDirectRiskFactor } from '../domain/risk';
import { readLines } from './reader';
import { entityRow, psaRow, recordRow, relationshipRow, sourceRow } from './rows';
import { IngestLine, parseLine, readValidLine } from './validate';
import { refreshSummaries } from './summaries';
import { entitySourceTokens } from '../search/fields';
import { InTransaction, Runner, ownTransactions, within } from './transactions';

/**
 * The check pass's look-up of referenced ids is part of a load, not an interactive call: it has
 * the time the load's writes have, not the 15 s of QUERY_TIMEOUT_MS (10,000 ids on a large
 * graph with a cold page cache can need more).
 */
const CHECK_READ_TIMEOUT_MS = 10 * 60_000;

export interface BadLine { file: string; line: number; reason: string }

export interface IngestOptions {
  batchSize: number;
  /** Load the good lines of a file that has bad ones, reporting the rest. */
  skipInvalid?: boolean;
  /**
   * true: one transaction per file (default). false: commit every batch. A number: one
   * transaction when the file has at most that many lines, else commit per batch, since
   * Neo4j holds a whole transaction's changes in memory.
   */
  atomic?: boolean | number;
  /** Every 2 s or so of a long file: lines checked or written, then summaries refreshed. */
  onProgress?: (p: IngestProgress) => void;
  /**
   * Called with the entities whose data changed as soon as that change is committed: after each
   * batch when batches commit on their own (an entity may be named by several calls), once for
   * the file otherwise; before summaries are refreshed. Follow-up work that reads only the
   * committed data (re-scoring) belongs here, so a later batch that fails, or a process that
   * dies, loses none of it for the batches already in the graph.
   */
  onWritesCommitted?: (entityIds: string[]) => Promise<void>;
  /** Called once the whole file and its summaries are committed, with every entity whose data or summary changed. */
  onCommitted?: (touchedEntityIds: string[]) => Promise<void>;
  /** The name bad lines and the report give the file (default its path): `-` for standard input spooled to a temporary file. */
  name?: string;
}

export type IngestProgress =
  | { file: string; phase: 'check' | 'write'; lines: number; rowsPerSecond: number }
  | { file: string; phase: 'summaries'; entities: number; of: number };

/** One progress event as a line of text (the CLI and the benches print these). */
export function describeProgress(p: IngestProgress): string {
  return p.phase === 'summaries'
    ? `refreshed the summaries of ${p.entities} of ${p.of} entities`
    : `${p.phase === 'check' ? 'checked' : 'wrote'} ${p.lines} lines (${Math.round(p.rowsPerSecond)} rows/s)`;
}

/** How often a long file reports progress. */
const PROGRESS_INTERVAL_MS = 2000;

export interface IngestReport {
  file: string;
  lines: number;
  loaded: Record<IngestLine['kind'], number>;
  bad: BadLine[];
  touchedEntities: number;
  /** Whether the file was written in one transaction. */
  atomic: boolean;
  seconds: number;
  /**
   * Where the time went: checking, writing, refreshing summaries, and committing the file's one
   * transaction (0 when batches commit on their own: each commit is inside write or summaries).
   */
  phases: { check: number; write: number; summaries: number; commit: number };
  rowsPerSecond: number;
}

export class IngestError extends Error {
  constructor(readonly file: string, readonly bad: BadLine[]) {
    // Every bad line, each with its number and reason (the format's promise), as --skip-invalid reports them.
    const shown = bad.map((b) => `  ${b.file}:${b.line}: ${b.reason}`);
    super([`${file}: ${bad.length} bad line(s); nothing was loaded from this file`, ...shown].join('\n'));
  }
}

type Kind = 'entity' | 'record' | 'source';
interface Ref { kind: Kind; id: string }

function definedBy(line: IngestLine): Ref | undefined {
  if (line.kind === 'entity' || line.kind === 'record' || line.kind === 'source') return { kind: line.kind, id: line.id };
  return undefined;
}

function* referencedBy(line: IngestLine): Generator<Ref> {
  switch (line.kind) {
    case 'record':
      yield { kind: 'source', id: line.source };
      for (const r of line.references ?? []) yield { kind: 'entity', id: r.entity };
      break;
    case 'entity':
      for (const a of line.attributes ?? []) for (const id of a.records ?? []) yield { kind: 'record', id };
      for (const r of line.risk ?? []) for (const id of r.records ?? []) yield { kind: 'record', id };
      break;
    case 'relationship':
      yield { kind: 'entity', id: line.from };
      yield { kind: 'entity', id: line.to };
      if (line.record) yield { kind: 'record', id: line.record };
      break;
    case 'possibly_same_as':
      yield { kind: 'entity', id: line.a };
      yield { kind: 'entity', id: line.b };
      break;
  }
}

const EXISTING: Record<Kind, string> = { entity: 'existing-entities', record: 'existing-records', source: 'existing-sources' };

interface Checked {
  lines: number;
  bad: Map<number, string>;
  /** The sources of the file's records about or mentioning each entity (the sx_source they will give it). */
  sourcesOf: Map<string, string[]>;
}

/** Pass 1: every line checked; returns the bad lines (all of them, for the report). */
async function check(graph: Graph, file: string, options: IngestOptions): Promise<Checked> {
  const bad = new Map<number, string>();
  const sourcesOf = new Map<string, string[]>();
  // How many of the file's lines define each id: a bad one leaves the id defined by the others.
  const defined: Record<Kind, Map<string, number>> = { entity: new Map(), record: new Map(), source: new Map() };
  const referenced: Record<Kind, Set<string>> = { entity: new Set(), record: new Set(), source: new Set() };
  let lines = 0;
  const started = Date.now();
  let lastReport = started;
  for await (const { no, text } of readLines(file)) {
    lines += 1;
    const parsed = parseLine(text);
    if ('error' in parsed) {
      bad.set(no, parsed.error);
      continue;
    }
    const def = definedBy(parsed.line);
    if (def) defined[def.kind].set(def.id, (defined[def.kind].get(def.id) ?? 0) + 1);
    for (const ref of referencedBy(parsed.line)) referenced[ref.kind].add(ref.id);
    if (parsed.line.kind === 'record') {
      for (const { entity } of parsed.line.references ?? []) {
        const sources = sourcesOf.get(entity);
        if (!sources) sourcesOf.set(entity, [parsed.line.source]);
        else if (!sources.includes(parsed.line.source)) sources.push(parsed.line.source);
      }
    }
    if (options.onProgress && Date.now() - lastReport > PROGRESS_INTERVAL_MS) {
      lastReport = Date.now();
      options.onProgress({ file, phase: 'check', lines, rowsPerSecond: (lines * 1000) / (lastReport - started) });
    }
  }

  // Ids referenced but not defined here must already be in the graph.
  const KINDS = Object.keys(referenced) as Kind[];
  const inGraph: Record<Kind, Set<string>> = { entity: new Set(), record: new Set(), source: new Set() };
  const lookUp = async (kind: Kind, ids: string[]) => {
    for (let i = 0; i < ids.length; i += 10_000) {
      const rows = await graph.read(cypher('ingest', EXISTING[kind]), { ids: ids.slice(i, i + 10_000) }, CHECK_READ_TIMEOUT_MS);
      for (const row of rows) inGraph[kind].add(row.get('id'));
    }
  };
  for (const kind of KINDS) await lookUp(kind, [...referenced[kind]].filter((id) => !defined[kind].has(id)));
  const known = (ref: Ref) => defined[ref.kind].has(ref.id) || inGraph[ref.kind].has(ref.id);
  const anyMissing = KINDS.some((k) => [...referenced[k]].some((id) => !known({ kind: k, id })));
  if (!anyMissing && bad.size === 0) return { lines, bad, sourcesOf };

  // Name the lines with dangling references. A bad line defines nothing, which may leave
  // further lines dangling, so repeat until nothing changes. An id stays known while another
  // line of the file defines it or the graph holds it: the ids whose last defining line went
  // bad in a pass are looked up in the graph (the file's own ids were not) when the pass ends.
  for (let changed = true; changed; ) {
    changed = false;
    const undefinedNow: Record<Kind, string[]> = { entity: [], record: [], source: [] };
    for await (const { no, text } of readLines(file)) {
      if (bad.has(no)) continue;
      const parsed = parseLine(text);
      if ('error' in parsed) continue;
      const missing = [...referencedBy(parsed.line)].find((ref) => !known(ref));
      if (!missing) continue;
      bad.set(no, `unknown ${missing.kind} "${missing.id}": not defined in this file nor in the graph`);
      const def = definedBy(parsed.line);
      if (!def) continue;
      const left = defined[def.kind].get(def.id)! - 1;
      defined[def.kind].set(def.id, left);
      if (left === 0) undefinedNow[def.kind].push(def.id);
    }
    for (const kind of KINDS) {
      await lookUp(kind, undefinedNow[kind]);
      for (const id of undefinedNow[kind]) {
        defined[kind].delete(id);
        if (!inGraph[kind].has(id)) changed = true;
      }
    }
  }
  return { lines, bad, sourcesOf };
}

/**
 * The write loop gives the event loop a turn this often. Lines already read arrive through
 * promises alone, so without a turn the loop would parse up to a whole read chunk (thousands
 * of lines) before the answer to a batch's statement is read and its next statement sent, and
 * Neo4j would wait meanwhile: a batch is up to four exchanges (derived risk, upsert, labels,
 * commit). A/B, 20k entities committed per batch, write phase mean of 6: 23.9 -> 21.1 s.
 */
const YIELD_EVERY_LINES = 100;

/**
 * Pass 2: batched writes of the good lines. Returns the entities whose summaries need refreshing.
 * `committed`, when each batch commits on its own, hears the entities of every batch written.
 */
async function write(
  inBatch: InTransaction, file: string, { bad: skip, sourcesOf }: Checked, options: IngestOptions, loaded: IngestReport['loaded'],
  committed?: (entityIds: string[]) => Promise<void>,
) {
  const touched = new Set<string>();
  const buffers = new Map<string, { query: string; rows: unknown[]; entityIds: Set<string>; identities: Set<string> }>();
  const started = Date.now();
  let lastReport = started;
  let written = 0;

  // One batch is in Neo4j while the next is parsed and built here: the two overlap, and
  // statements still run one at a time (a transaction takes one statement at a time).
  let inflight: Promise<void> = Promise.resolve();
  const flush = async (key: string) => {
    const buffer = buffers.get(key);
    if (!buffer || buffer.rows.length === 0) return;
    const rows = buffer.rows;
    const entityIds = buffer.entityIds;
    buffer.rows = [];
    buffer.entityIds = new Set();
    buffer.identities = new Set();
    await inflight;
    inflight = (async () => {
      // The batch and the labels it implies commit together: a search never sees a new fact
      // to a sanctioned entity without the label its last step needs.
      const result = await inBatch(async (run) => {
        if (key === 'entity') await keepDerivedRisk(run, rows as EntityRow[]);
        const records = await run(buffer.query, { rows });
        const listed = key === 'entity' ? (rows as EntityRow[]).filter((r) => r.props.sanctioned || r.props.pep).map((r) => r.id) : [];
        const adjacent = key.startsWith('rel:') || key === 'psa'
          ? records.flatMap((r) => [r.get('adjacent'), r.get('adjacentToo')]).filter((id): id is string => typeof id === 'string')
          : [];
        if (listed.length || adjacent.length) await run(cypher('ingest', 'watchlist-adjacent'), { listed, adjacent });
        return key === 'record' || key === 'source' ? records : [];
      });
      if (key === 'record' || key === 'source') {
        for (const row of result) {
          for (const id of row.get('previous') as string[]) {
            touched.add(id);
            entityIds.add(id);
          }
        }
      }
      await committed?.([...entityIds]);
    })();
    // Surface a failure at the next await rather than as an unhandled rejection.
    inflight.catch(() => undefined);
  };
  /**
   * Buffers `row`, which changes the entities `entityIds`; writes the buffer once it is full.
   * A row for an object the buffer already holds (`identity`: the same id, pair or fact repeated
   * in the file) is written after the earlier one, in the next batch: within one UNWIND both
   * would be applied together and leave a mix of the two (the attributes of both, say).
   */
  const add = async (key: string, query: () => string, row: unknown, entityIds: string[], identity: string) => {
    let buffer = buffers.get(key);
    if (!buffer) buffers.set(key, (buffer = { query: query(), rows: [], entityIds: new Set(), identities: new Set() }));
    if (buffer.identities.has(identity)) await flush(key);
    buffer.identities.add(identity);
    buffer.rows.push(row);
    for (const id of entityIds) {
      touched.add(id);
      buffer.entityIds.add(id);
    }
    if (buffer.rows.length >= options.batchSize) await flush(key);
  };

  let sinceYield = 0;
  for await (const { no, text } of readLines(file)) {
    if (++sinceYield === YIELD_EVERY_LINES) {
      sinceYield = 0;
      await setImmediate();
    }
    if (skip.has(no)) continue;
    // Pass 1 validated every line not in `skip`; parsing is all that is left to do.
    const line = readValidLine(text);
    loaded[line.kind] += 1;
    written += 1;
    switch (line.kind) {
      case 'source':
        await add('source', () => cypher('ingest', 'upsert-sources'), sourceRow(line), [], line.id);
        break;
      case 'record': {
        const row = recordRow(line);
        await add('record', () => cypher('ingest', 'upsert-records'), row, [...row.about, ...row.mentions].map((ref) => ref.entity), line.id);
        break;
      }
      case 'entity': {
        const row = entityRow(line);
        // The summary refresh sets sx_source from the entity's records in the graph. Set here
        // from this file's, it is already that value for an entity new to the graph: Neo4j
        // skips a write of an equal value, so the entity's full-text document is indexed once,
        // not again when a per-batch load refreshes summaries (2.5 s of a 100k-entity load).
        row.props.sx_source = entitySourceTokens(sourcesOf.get(line.id) ?? []);
        await add('entity', () => cypher('ingest', 'upsert-entities'), row, [line.id], line.id);
        break;
      }
      case 'relationship': {
        const row = relationshipRow(line);
        await add(`rel:${line.type}`, () => relationshipQuery(line.type), row, [line.from, line.to], `${line.from}\u0000${line.to}\u0000${row.props.key}`);
        break;
      }
      case 'possibly_same_as':
        await add('psa', () => cypher('ingest', 'upsert-possibly-same-as'), psaRow(line), [line.a, line.b], [line.a, line.b].sort().join('\u0000'));
        break;
    }
    if (options.onProgress && Date.now() - lastReport > PROGRESS_INTERVAL_MS) {
      lastReport = Date.now();
      options.onProgress({ file, phase: 'write', lines: written, rowsPerSecond: (written * 1000) / (lastReport - started) });
    }
  }
  for (const key of buffers.keys()) await flush(key);
  await inflight;
  return touched;
}

type EntityRow = ReturnType<typeof entityRow>;

/**
 * Ingest carries direct risk factors only; derived ones (adjacent, ownership, psa_...) are
 * the worker's. Keep the worker's last derived factors on re-ingested entities, so reads
 * and traversal filters do not lose them until the worker re-scores the entity.
 */
async function keepDerivedRisk(run: Runner, rows: EntityRow[]): Promise<void> {
  const states = await run(cypher('ingest', 'derived-risk'), { ids: rows.map((r) => r.id) });
  if (states.length === 0) return;
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const state of states) {
    const row = byId.get(state.get('id') as string)!;
    const previous = JSON.parse((state.get('risk') as string) || '{}') as Record<string, unknown>;
    const direct = JSON.parse(row.props.risk as string) as Record<string, unknown>;
    const derived = Object.fromEntries(Object.entries(previous).filter(([factor]) => !isDirectRiskFactor(factor)));
    const risk = { ...derived, ...direct };
    row.props.risk = JSON.stringify(risk);
    row.props.risk_factors = Object.keys(risk);
  }
}

/** upsert-relationships for one relationship type (its Neo4j type and its inverse's, from the domain table). */
export function relationshipQuery(type: string): string {
  return statement('ingest', 'upsert-relationships', { TYPE: neo4jRelType(type), INVERSE: neo4jRelType(inverseRelationship(type)) });
}

/** Summary batches in flight at once when each commits on its own. */
const SUMMARY_CONCURRENCY = 2;

/** The summary refresh's progress as onProgress events, at most one per PROGRESS_INTERVAL_MS. */
function summaryProgress(file: string, options: IngestOptions): ((done: number, total: number) => void) | undefined {
  const report = options.onProgress;
  if (!report) return undefined;
  let last = Date.now();
  return (done, total) => {
    if (Date.now() - last < PROGRESS_INTERVAL_MS) return;
    last = Date.now();
    report({ file, phase: 'summaries', entities: done, of: total });
  };
}

export async function ingestFile(graph: Graph, file: string, options: IngestOptions): Promise<IngestReport> {
  const started = Date.now();
  const pass1 = await check(graph, file, options);
  const { lines, bad } = pass1;
  const checked = Date.now();
  let wrote = 0;
  let refreshed = 0;
  let committed = 0;
  const name = options.name ?? file;
  const badLines = [...bad.entries()].sort((a, b) => a[0] - b[0]).map(([line, reason]) => ({ file: name, line, reason }));
  if (badLines.length > 0 && !options.skipInvalid) throw new IngestError(name, badLines);

  const loaded: IngestReport['loaded'] = { source: 0, record: 0, entity: 0, relationship: 0, possibly_same_as: 0 };
  let touched: Set<string>;
  const atomic = typeof options.atomic === 'number' ? lines <= options.atomic : options.atomic !== false;
  if (!atomic) {
    touched = await write(ownTransactions(graph), file, pass1, options, loaded, options.onWritesCommitted);
    wrote = Date.now();
    // Per-batch commits: summary batches are independent transactions, so two run at once.
    await refreshSummaries(ownTransactions(graph), touched, options.batchSize, SUMMARY_CONCURRENCY, summaryProgress(file, options));
    refreshed = committed = Date.now();
  } else {
    const session = graph.session('WRITE');
    const tx = session.beginTransaction();
    try {
      touched = await write(within(tx), file, pass1, options, loaded);
      wrote = Date.now();
      await refreshSummaries(within(tx), touched, options.batchSize, 1, summaryProgress(file, options));
      refreshed = Date.now();
      await tx.commit();
      committed = Date.now();
    } catch (err) {
      if (tx.isOpen()) await tx.rollback();
      throw err;
    } finally {
      await session.close();
    }
    await options.onWritesCommitted?.([...touched]);
  }
  await options.onCommitted?.([...touched]);
  const seconds = (Date.now() - started) / 1000;
  const rows = Object.values(loaded).reduce((a, b) => a + b, 0);
  return {
    file: name, lines, loaded, bad: badLines, touchedEntities: touched.size, atomic, seconds, rowsPerSecond: rows / Math.max(seconds, 0.001),
    phases: {
      check: (checked - started) / 1000, write: (wrote - checked) / 1000,
      summaries: (refreshed - wrote) / 1000, commit: (committed - refreshed) / 1000,
    },
  };
}
