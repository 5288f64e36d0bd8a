/**
 * `graph-api import ftm|bods FILE...`: each file converted, then loaded by the CLI's ingest
 * (the same progress lines, re-scoring and search-index queueing, one transaction a file).
 */
import path from 'node:path';
import type { Command } from 'commander';
import type { Config } from '../config';
import { Graph } from '../graph/neo4j';
import { migrate } from '../graph/migrate';
import { IngestError } from '../ingest/ingest';
import { isDateString } from '../domain/dates';
import { spoolStdin } from '../ingest/reader';
import { type ConvertedFileOptions, IMPORT_FORMATS, ImportFormat, convertedFileOptions, prepareImport, releaseStep } from './importFile';
import { describeRelease } from './releases';

/** A converted file for the CLI's ingest: where it is, the name reports give it, and what its conversion gives the ingest. */
export interface IngestInput { path: string; name: string; options: ConvertedFileOptions }
type IngestOpts = { skipInvalid?: boolean; batchCommit?: boolean; atomic?: boolean };
type ImportOpts = IngestOpts & { release?: boolean; releaseDate?: string };
export type CliIngest = (config: Config, graph: Graph, files: IngestInput[], opts: IngestOpts) => Promise<boolean>;

const say = (msg: string): void => {
  process.stderr.write(`${msg}\n`);
};

/** Imports each of `files` (`-`: standard input); false when any failed. */
export async function importFiles(config: Config, graph: Graph, format: ImportFormat, files: string[], opts: ImportOpts, ingest: CliIngest): Promise<boolean> {
  let ok = true;
  for (const file of files) {
    const spooled = file === '-' ? await spoolStdin() : undefined;
    try {
      const progress = (items: number, rate: number) => say(`${file}: converted ${items} items (${Math.round(rate)} items/s)`);
      const { conversion, converter } = await prepareImport(graph, format, spooled?.file ?? file, file, opts.skipInvalid, progress);
      try {
        say(`${file}: ${conversion.items} ${format} items read; ${conversion.lineOf.length} ingest lines to write (unchanged items are not written)`);
        for (const bad of conversion.bad) say(`  skipped ${file}:${bad.line}: ${bad.reason}`);
        for (const line of converter.unmapped.describe()) say(`  ${line}`);
        const release = opts.release ? (opts.releaseDate ?? new Date().toISOString().slice(0, 10)) : undefined;
        const step = releaseStep(conversion, { release }, { graph, batchSize: config.ingestBatchSize });
        const input = { path: conversion.file, name: file, options: convertedFileOptions(conversion, step) };
        if (!(await ingest(config, graph, [input], opts))) ok = false;
        const outcome = step.outcome();
        if (outcome) say(`${file}: ${describeRelease(outcome, opts.release === true)}`);
      } finally {
        conversion.cleanup();
      }
    } catch (err) {
      ok = false;
      say(err instanceof IngestError ? err.message : `${file}: ${(err as Error).message}`);
    } finally {
      spooled?.cleanup();
    }
  }
  return ok;
}

export function registerImportCommands(program: Command, config: () => Config, ingest: CliIngest): void {
  const command = program.command('import').description('load FollowTheMoney or BODS files (docs/import-formats.md)');
  for (const format of IMPORT_FORMATS) {
    command
      .command(format)
      .description(format === 'ftm'
        ? 'FollowTheMoney entities, one JSON object a line (.json, .jsonl, .gz, or - for stdin)'
        : 'BODS 0.2-0.4 statements, a JSON array or JSON lines (.json, .jsonl, .gz, or - for stdin)')
      .argument('<files...>')
      .option('--skip-invalid', 'load the good items of files with bad ones and report the rest')
      .option('--atomic', 'write each file in one transaction whatever its size')
      .option('--batch-commit', 'commit every batch even for small files')
      .option('--release', 'each file is a whole release of its datasets or publishers: end what earlier imports of them held and it does not')
      .option('--release-date <date>', 'the release\'s date (YYYY-MM-DD, default today): facts it no longer holds end the day before')
      .action(async (files: string[], opts: ImportOpts) => {
        if (opts.atomic && opts.batchCommit) throw new Error('--atomic and --batch-commit exclude each other');
        if (opts.releaseDate !== undefined && (!opts.release || !/^\d{4}-\d{2}-\d{2}$/.test(opts.releaseDate) || !isDateString(opts.releaseDate))) {
          throw new Error('--release-date needs --release and a date YYYY-MM-DD');
        }
        const graph = new Graph(config());
        try {
          await migrate(graph);
          if (!(await importFiles(config(), graph, format, files, opts, ingest))) process.exitCode = 1;
        } finally {
          await graph.close();
        }
      });
  }
}

const SEED = path.resolve(__dirname, '..', '..', '..', 'seed');
/** The FtM and BODS samples in seed/, loaded beside the native sample. */
export const SAMPLE_IMPORT_FILES: Readonly<Record<ImportFormat, string>> = {
  ftm: path.join(SEED, 'sample-ftm.jsonl'),
  bods: path.join(SEED, 'sample-bods.json'),
};

export async function loadSampleImports(config: Config, graph: Graph, ingest: CliIngest): Promise<boolean> {
  // BODS first: the FtM sample's ownership names a company the BODS sample defines.
  return (await importFiles(config, graph, 'bods', [SAMPLE_IMPORT_FILES.bods], {}, ingest))
    && importFiles(config, graph, 'ftm', [SAMPLE_IMPORT_FILES.ftm], {}, ingest);
}
