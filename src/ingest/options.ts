/** The options, progress events, report and error of an ingest (src/ingest/ingest.ts). */
import type { IngestLine } from './validate';
import type { InTransaction } from './transactions';
import type { Graph } from '../graph/neo4j';

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
  /**
   * When batches commit on their own: the file's line numbers (from 1) of each batch once it has
   * committed, so an importer can record what is in the graph while later batches are written.
   */
  onLinesCommitted?: (lines: number[]) => void;
  /**
   * More writes that must commit with the file (an import's release state): run after the file's
   * lines are written and before summaries, with the file's bad lines. Each call of `inTx` runs
   * in the file's transaction, or in a transaction of its own when batches commit on their own.
   * Returns the entities it changed, whose summaries are refreshed and which count as written.
   */
  beforeCommit?: (inTx: InTransaction, bad: BadLine[]) => Promise<string[]>;
  /**
   * About how many rows beforeCommit writes: they count with the file's lines against a numeric
   * `atomic`, so an import whose release state is large (an unchanged re-import of a big release
   * touches every item and writes no line) does not become one transaction too large to hold.
   */
  beforeCommitRows?: number;
  /** Called once the whole file and its summaries are committed, with every entity whose data or summary changed. */
  onCommitted?: (touchedEntityIds: string[]) => Promise<void>;
  /** The name bad lines and the report give the file (default its path): `-` for standard input spooled to a temporary file. */
  name?: string;
  /** The line number bad lines report for a line of the file (an importer's converted file reports its input's lines). */
  lineOf?: (line: number) => number;
  /** The file's lines, every one already added in order (an importer checks the lines it writes): pass 1 then only looks up their references. */
  checked?: CheckedLines;
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
export const PROGRESS_INTERVAL_MS = 2000;

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

export interface Checked {
  lines: number;
  bad: Map<number, string>;
  /** The sources of the file's records about or mentioning each entity (the sx_source they will give it). */
  sourcesOf: Map<string, string[]>;
}

/** Lines already checked one by one (LineCheck in ./check.ts): `finish` looks their references up. */
export interface CheckedLines { finish(graph: Graph, file: string): Promise<Checked> }
