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
import { readValidLine } from './validate';
import { shipmentParties, shipmentRow } from './shipments';
import { refreshSummaries } from './summaries';
import { entitySourceTokens } from '../domain/sourceTokens';
import { InTransaction, Runner, bumpGraphEpoch, ownTransactions, within } from './transactions';
import { check, type Checked } from './check';
import { IngestError, PROGRESS_INTERVAL_MS, type IngestOptions, type IngestReport } from './options';

export { IngestError, describeProgress, type BadLine, type IngestOptions, type IngestProgress, type IngestReport } from './options';

/**
 * The write loop gives the event loop a turn this often. Lines already read arrive through
 * promises alone, so without a turn the loop would parse up to a whole read chunk (thousands
 * of lines) before the answer to a batch's statement is read and its next statement sent, and
 * Neo4j would wait meanwhile: a batch is up to four exchanges (derived risk, upsert, labels,
 * commit).
 */
const YIELD_EVERY_LINES = 100;

/**
 * Pass 2: batched writes of the good lines. Returns the entities whose summaries need refreshing.
 * `committed`, when each batch commits on its own, hears the entities of every batch written.
 */
async function write(
  inBatch: InTransaction, file: string, { bad: skip, sourcesOf }: Checked, options: IngestOptions, loaded: IngestReport['loaded'],
  committed?: (entityIds: string[], lines: number[]) => Promise<void>,
) {
  const touched = new Set<string>();
  const buffers = new Map<string, { query: string; rows: unknown[]; lines: number[]; entityIds: Set<string>; identities: Set<string> }>();
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
    const lines = buffer.lines;
    buffer.rows = [];
    buffer.lines = [];
    buffer.entityIds = new Set();
    buffer.identities = new Set();
    await inflight;
    inflight = (async () => {
      // The batch and the labels it implies commit together: a search never sees a new fact
      // to a sanctioned entity without the label its last step needs.
      const result = await inBatch(async (run) => {
        if (key === 'entity') await keepDerivedRisk(run, rows as EntityRow[]);
        const records = await run(buffer.query, { rows });
        if (key === 'shipment') return refreshTradeEdges(run, records);
        const listed = key === 'entity' ? (rows as EntityRow[]).filter((r) => r.props.sanctioned || r.props.pep).map((r) => r.id) : [];
        const adjacent = key.startsWith('rel:') || key === 'psa'
          ? records.flatMap((r) => [r.get('adjacent'), r.get('adjacentToo')]).filter((id): id is string => typeof id === 'string')
          : [];
        if (listed.length || adjacent.length) await run(cypher('ingest', 'watchlist-adjacent'), { listed, adjacent });
        return key === 'record' || key === 'source' ? records : [];
      });
      if (key === 'record' || key === 'source' || key === 'shipment') {
        for (const row of result) {
          for (const id of row.get('previous') as string[]) {
            touched.add(id);
            entityIds.add(id);
          }
        }
      }
      await committed?.([...entityIds], lines);
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
  const add = async (key: string, query: () => string, row: unknown, entityIds: string[], identity: string, no: number) => {
    let buffer = buffers.get(key);
    if (!buffer) buffers.set(key, (buffer = { query: query(), rows: [], lines: [], entityIds: new Set(), identities: new Set() }));
    if (buffer.identities.has(identity)) await flush(key);
    buffer.identities.add(identity);
    buffer.rows.push(row);
    buffer.lines.push(no);
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
        await add('source', () => cypher('ingest', 'upsert-sources'), sourceRow(line), [], line.id, no);
        break;
      case 'record': {
        const row = recordRow(line);
        await add('record', () => cypher('ingest', 'upsert-records'), row, [...row.about, ...row.mentions].map((ref) => ref.entity), line.id, no);
        break;
      }
      case 'entity': {
        const row = entityRow(line);
        // The summary refresh sets sx_source from the entity's records in the graph. Set here
        // from this file's, it is already that value for an entity new to the graph: Neo4j
        // skips a write of an equal value, so the entity's full-text document is indexed once,
        // not again when a per-batch load refreshes summaries.
        row.props.sx_source = entitySourceTokens(sourcesOf.get(line.id) ?? []);
        await add('entity', () => cypher('ingest', 'upsert-entities'), row, [line.id], line.id, no);
        break;
      }
      case 'relationship': {
        const row = relationshipRow(line);
        await add(`rel:${line.type}`, () => relationshipQuery(line.type), row, [line.from, line.to], `${line.from}\u0000${line.to}\u0000${row.props.key}`, no);
        break;
      }
      case 'shipment': {
        const row = shipmentRow(line);
        await add('shipment', () => cypher('ingest', 'upsert-shipments'), row, shipmentParties(line), line.id, no);
        break;
      }
      case 'possibly_same_as':
        await add('psa', () => cypher('ingest', 'upsert-possibly-same-as'), psaRow(line), [line.a, line.b], [line.a, line.b].sort().join('\u0000'), no);
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
 * After a batch of shipments: the trade edges of every supplier-buyer pair the batch's
 * shipments name now or named before, summed again from the shipments (so a re-ingested
 * shipment is counted once), and the watchlist label of their ends. Returns the batch's rows,
 * whose `previous` are the parties the shipments named before.
 */
async function refreshTradeEdges(run: Runner, records: { get(key: string): unknown }[]) {
  const pairs = new Map<string, { from: string; to: string }>();
  for (const r of records) {
    for (const [suppliers, buyers] of [[r.get('supplier'), r.get('buyer')], [r.get('old_supplier'), r.get('old_buyer')]] as string[][][]) {
      for (const from of suppliers) for (const to of buyers) pairs.set(`${from}\u0000${to}`, { from, to });
    }
  }
  const list = [...pairs.values()].sort((a, b) => (a.from + a.to < b.from + b.to ? -1 : 1));
  const edges = await run(cypher('ingest', 'refresh-trade-edges'), { pairs: list });
  const adjacent = edges.flatMap((r) => [r.get('adjacent'), r.get('adjacentToo')]).filter((id): id is string => typeof id === 'string');
  if (adjacent.length) await run(cypher('ingest', 'watchlist-adjacent'), { listed: [], adjacent });
  return records;
}

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
    // The explanations of the derived factors kept (src/services/risk/explanation.ts), with the
    // hash the scorer compares instead of the text.
    const explanation = state.get('explanation') as string | null;
    const explanationHash = state.get('explanation_hash') as string | null;
    if (explanation) row.props.risk_explanation = explanation;
    if (explanation && explanationHash) row.props.risk_explanation_hash = explanationHash;
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
  const pass1 = options.checked ? await options.checked.finish(graph, file) : await check(graph, file, options);
  const { lines, bad } = pass1;
  const checked = Date.now();
  let wrote = 0;
  let refreshed = 0;
  let committed = 0;
  const name = options.name ?? file;
  const badLines = [...bad.entries()].sort((a, b) => a[0] - b[0]).map(([line, reason]) => ({ file: name, line: options.lineOf?.(line) ?? line, reason }))
    // Several lines may report one input line (lineOf): its first reason is reported once.
    .filter((b, i, all) => i === 0 || b.line !== all[i - 1].line);
  if (badLines.length > 0 && !options.skipInvalid) throw new IngestError(name, badLines);

  const loaded: IngestReport['loaded'] = { source: 0, record: 0, entity: 0, relationship: 0, possibly_same_as: 0, shipment: 0 };
  let touched: Set<string>;
  const atomic = typeof options.atomic === 'number' ? lines + (options.beforeCommitRows ?? 0) <= options.atomic : options.atomic !== false;
  if (!atomic) {
    touched = await write(ownTransactions(graph), file, pass1, options, loaded, async (entityIds, lines) => {
      options.onLinesCommitted?.(lines);
      await options.onWritesCommitted?.(entityIds);
    });
    if (options.beforeCommit) {
      const more = await options.beforeCommit(ownTransactions(graph), badLines);
      for (const id of more) touched.add(id);
      await options.onWritesCommitted?.(more);
    }
    wrote = Date.now();
    // Per-batch commits: summary batches are independent transactions, so two run at once.
    await refreshSummaries(ownTransactions(graph), touched, options.batchSize, SUMMARY_CONCURRENCY, summaryProgress(file, options));
    refreshed = committed = Date.now();
  } else {
    const session = graph.session('WRITE');
    const tx = session.beginTransaction();
    try {
      touched = await write(within(tx), file, pass1, options, loaded);
      if (options.beforeCommit) for (const id of await options.beforeCommit(within(tx), badLines)) touched.add(id);
      wrote = Date.now();
      await refreshSummaries(within(tx), touched, options.batchSize, 1, summaryProgress(file, options));
      refreshed = Date.now();
      await bumpGraphEpoch(tx);
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
