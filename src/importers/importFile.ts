/**
 * One FtM or BODS file into the graph: converted to ingest lines (./convert), then checked and
 * written by the ingest (one transaction a file by default). Bad input items are reported with
 * their line numbers; unless skipInvalid, a file with any loads nothing.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { cypher } from '../graph/cypherFiles';
import type { Graph } from '../graph/neo4j';
import { IngestError, IngestOptions, IngestReport, ingestFile } from '../ingest/ingest';
import { ownTransactions } from '../ingest/transactions';
import { BodsConverter } from './bods';
import type { Converter } from './common';
import { Conversion, convertFile } from './convert';
import { earlyItems } from './earlyItems';
import { FtmConverter } from './ftm';
import { ReleaseCounts, ReleaseOptions, ReleaseOutcome, applyRelease, previousHashes, previousRoots } from './releases';

export const IMPORT_FORMATS = ['ftm', 'bods'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const converterFor = (format: ImportFormat): Converter => (format === 'ftm' ? new FtmConverter() : new BodsConverter());

/** Which of `ids` the graph holds as entities. */
export function existingEntities(graph: Graph): (ids: string[]) => Promise<Set<string>> {
  return async (ids) => {
    const found = new Set<string>();
    for (let i = 0; i < ids.length; i += 10_000) {
      const rows = await graph.read(cypher('ingest', 'existing-entities'), { ids: ids.slice(i, i + 10_000) });
      for (const row of rows) found.add(row.get('id'));
    }
    return found;
  };
}

export interface PreparedImport { conversion: Conversion; converter: Converter }

/** Converts `file`; throws IngestError (after removing the converted file) when items are bad and skipInvalid is off. */
export async function prepareImport(
  graph: Graph, format: ImportFormat, file: string, name: string, skipInvalid?: boolean, onProgress?: (items: number, itemsPerSecond: number) => void,
): Promise<PreparedImport> {
  if (!fs.existsSync(file)) throw new Error('no such file');
  const converter = converterFor(format);
  const conversion = await convertFile(converter, file, name, existingEntities(graph), previousHashes(graph), previousRoots(graph), onProgress);
  if (conversion.bad.length && !skipInvalid) {
    conversion.cleanup();
    throw new IngestError(name, conversion.bad);
  }
  return { conversion, converter };
}

export interface ImportReport {
  ingest: IngestReport; skipped: IngestReport['bad']; unmapped: Record<string, Record<string, number>>; items: number;
  release: ReleaseCounts; releaseApplied: boolean;
}

/**
 * The ingest options that record the conversion's item states and end what is gone
 * (./releases) in the file's transaction: when batches commit on their own, added items are
 * saved in `graph`'s own transactions as their lines commit (./earlyItems), the rest before the
 * file's summaries. `outcome` holds the result once the ingest ran it.
 */
export function releaseStep(conversion: Conversion, options: ReleaseOptions, { graph, batchSize }: { graph: Graph; batchSize: number }): {
  beforeCommit: NonNullable<IngestOptions['beforeCommit']>; onLinesCommitted: NonNullable<IngestOptions['onLinesCommitted']>; outcome: () => ReleaseOutcome | undefined;
} {
  let outcome: ReleaseOutcome | undefined;
  const runId = randomUUID();
  const early = earlyItems(conversion, ownTransactions(graph), runId, batchSize);
  return {
    onLinesCommitted: (lines) => early.linesCommitted(lines),
    beforeCommit: async (inTx, bad) => {
      outcome = await applyRelease(inTx, conversion, bad, options, { runId, written: await early.finish() });
      return outcome.touched;
    },
    outcome: () => outcome,
  };
}

/** What the ingest of a converted file takes from its conversion and release step. */
export type ConvertedFileOptions = Required<Pick<IngestOptions, 'lineOf' | 'checked' | 'beforeCommit' | 'beforeCommitRows' | 'onLinesCommitted'>>;

export function convertedFileOptions(conversion: Conversion, step: ReturnType<typeof releaseStep>): ConvertedFileOptions {
  return {
    lineOf: (n) => conversion.lineOf[n - 1], checked: conversion.checked,
    beforeCommit: step.beforeCommit, beforeCommitRows: conversion.states.length, onLinesCommitted: step.onLinesCommitted,
  };
}

/** Converts and ingests one file (the CLI adds queueing around the same two steps). */
export async function importFile(graph: Graph, format: ImportFormat, file: string, options: IngestOptions & ReleaseOptions): Promise<ImportReport> {
  const name = options.name ?? file;
  const { conversion, converter } = await prepareImport(graph, format, file, name, options.skipInvalid);
  try {
    const step = releaseStep(conversion, { release: options.release, today: options.today }, { graph, batchSize: options.batchSize });
    const report = await ingestFile(graph, conversion.file, { ...options, name, ...convertedFileOptions(conversion, step) });
    const skipped = [...conversion.bad, ...report.bad];
    const { counts, releaseApplied } = step.outcome()!;
    return { ingest: report, skipped, unmapped: converter.unmapped.toJSON(), items: conversion.items, release: counts, releaseApplied };
  } finally {
    conversion.cleanup();
  }
}
