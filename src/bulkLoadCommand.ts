/**
 * `graph-api bulk-load FILE...`: ingest-format files into an empty local Neo4j through Neo4j's
 * offline importer (src/ingest/bulk/bulkLoad.ts), then the first risk scoring of every entity
 * queued for the worker, as ingest queues it for what it loads.
 */
import type { Command } from 'commander';
import type { Config } from './config';
import { IngestError } from './ingest/options';
import { BulkLoadRefused, bulkLoad } from './ingest/bulk/bulkLoad';
import { queueRescore } from './workers/rescoreJob';

export function registerBulkLoadCommand(program: Command, config: () => Config, say: (msg: string) => void): void {
  program
    .command('bulk-load')
    .description('load ingest-format files into an EMPTY local Neo4j with its offline importer (stops and restarts it)')
    .argument('<files...>', '.ndjson or .ndjson.gz files, read as one')
    .option('--skip-invalid', 'load the good lines of files with bad ones, reporting the rest')
    .action(async (files: string[], opts: { skipInvalid?: boolean }) => {
      try {
        const report = await bulkLoad(config(), files, { skipInvalid: opts.skipInvalid, log: say });
        const counts = Object.entries(report.loaded).map(([k, n]) => `${n} ${k}`).join(', ');
        const lines = Object.values(report.loaded).reduce((a, b) => a + b, 0);
        say(`bulk-load: loaded ${counts} in ${report.seconds.toFixed(1)} s (${Math.round(lines / report.seconds)} lines/s; ` +
          `CSV ${report.phases.csv.toFixed(1)} s, import ${report.phases.import.toFixed(1)} s, restart ${report.phases.restart.toFixed(1)} s, schema and after ${report.phases.after.toFixed(1)} s)`);
        for (const bad of report.bad) say(`  skipped ${bad.file}:${bad.line}: ${bad.reason}`);
      } catch (err) {
        if (!(err instanceof BulkLoadRefused) && !(err instanceof IngestError)) throw err;
        say(`bulk-load: ${err.message}`);
        process.exitCode = 1;
        return;
      }
      try {
        const { entities, jobs } = await queueRescore(config(), [], true);
        say(`bulk-load: queued the first risk scoring of ${entities} entities in ${jobs} jobs (the worker scores them)`);
      } catch (err) {
        say(`bulk-load: loaded, but re-scoring was not queued (${(err as Error).message}); run \`graph-api rescore --all\` once Redis answers`);
        process.exitCode = 1;
      }
      if (config().meili) say('bulk-load: the search backend is meilisearch: run `graph-api reindex` to build its indexes');
    });
}
