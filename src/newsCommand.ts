/**
 * `graph-api news import FILE...`: reads RSS and Atom feed files (or - for standard input),
 * keeps each article once, sets its topics and links the names it mentions to the graph. A
 * feed that cannot be read is reported with its reason and the next file goes on; so does a
 * skipped item. The exit code is 1 when any file failed.
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import type { Config } from './config';
import { Graph } from './graph/neo4j';
import { migrate } from './graph/migrate';
import { createSearchIndex } from './search';
import { ResolveService } from './services/resolve';
import { NewsService } from './services/news';
import { queueNewsAlerts } from './workers/newsJob';
import { Queues } from './workers/queues';

/** A feed file larger than this is refused before it is read (an item over 1 MB is skipped on its own). */
export const FEED_FILE_LIMIT = 100 * 1024 * 1024;

async function readInput(file: string): Promise<string> {
  if (file === '-') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of process.stdin) {
      size += (chunk as Buffer).length;
      if (size > FEED_FILE_LIMIT) throw new Error(`standard input is over the ${FEED_FILE_LIMIT}-byte limit`);
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
  const { size } = await fs.promises.stat(file);
  if (size > FEED_FILE_LIMIT) throw new Error(`${size} bytes is over the ${FEED_FILE_LIMIT}-byte limit`);
  return fs.promises.readFile(file, 'utf8');
}

/**
 * Imports each feed file; answers whether every file could be read. With `queues`, a worker is
 * asked to deliver the monitoring alerts the files queued (otherwise the next poll does).
 */
export async function importFeeds(graph: Graph, config: Config, files: string[], say: (msg: string) => void, queues?: Queues): Promise<boolean> {
  const news = new NewsService(graph, new ResolveService(createSearchIndex(config, graph)));
  let ok = true;
  let alerts = 0;
  for (const file of files) {
    try {
      const report = await news.importFeed(await readInput(file), file === '-' ? 'stdin' : file);
      alerts += report.alerts;
      say(`${file}: ${report.articles} articles (${report.new_articles} new), ${report.links} links to entities, ${report.alerts} project alerts, ${report.skipped.length} items skipped`);
      for (const s of report.skipped) say(`  item ${s.index + 1}${s.title ? ` (${JSON.stringify(s.title)})` : ''}: ${s.reason}`);
    } catch (err) {
      ok = false;
      say(`${file}: not imported: ${(err as Error).message}`);
    }
  }
  if (alerts && queues) {
    await queueNewsAlerts(queues).catch((err: Error) => say(`alerts wait in the graph for the next news poll: ${err.message}`));
  }
  return ok;
}

export function registerNewsCommand(program: Command, config: () => Config, say: (msg: string) => void): void {
  program
    .command('news')
    .description('adverse media: news feeds')
    .command('import')
    .description('read RSS or Atom feed files (or - for stdin): keep each article once, set its topics, link the names it mentions')
    .argument('<files...>')
    .action(async (files: string[]) => {
      const graph = new Graph(config());
      const queues = new Queues(config());
      try {
        await migrate(graph);
        if (!(await importFeeds(graph, config(), files, say, queues))) process.exitCode = 1;
      } finally {
        await queues.close();
        await graph.close();
      }
    });
}
