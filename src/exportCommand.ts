/**
 * `graph-api export ftm|graphml ID`: the FtM or GraphML form of an entity or traversal answer,
 * run in-process through the same routes the API serves (their defaults, plus --max-depth).
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import type { Config } from './config';
import { Graph } from './graph/neo4j';
import { FTM_NDJSON, GRAPHML } from './http/formats/graphExport';
import { PdfRenderer } from './http/formats/pdfRenderer';
import { RouteRegistry } from './http/registry';
import { registerEntityRoutes } from './http/routes/entities';
import { registerTraversalRoutes } from './http/routes/traversal';
import type { EmbeddedEntity } from './graph/mappers';
import { EntityService } from './services/entities';
import { TraversalService } from './services/traversal';

const ROUTES = ['entity', 'traversal', 'ubo', 'downstream', 'watchlist'];
const CLI_PRINCIPAL = { user: 'cli', org: 'cli', client_id: 'cli' };

export function registerExportCommand(program: Command, config: () => Config): void {
  program
    .command('export')
    .description('write an entity or traversal answer as FtM entities (ftm) or GraphML (graphml)')
    .argument('<format>', 'ftm or graphml')
    .argument('<id>', 'entity id')
    .option('--route <route>', `answer to export: ${ROUTES.join(', ')}`, 'ubo')
    .option('--max-depth <n>', 'maximum depth of a traversal route')
    .option('--out <file>', 'output file; default stdout')
    .action(async (format: string, id: string, opts: { route: string; maxDepth?: string; out?: string }) => {
      if (format !== 'ftm' && format !== 'graphml') throw new Error(`format: ftm or graphml, not ${format}`);
      if (!ROUTES.includes(opts.route)) throw new Error(`--route: one of ${ROUTES.join(', ')}`);
      const graph = new Graph(config());
      try {
        const registry = new RouteRegistry();
        const entities = new EntityService(graph);
        const traversal = new TraversalService(graph, config().traversal, () => undefined);
        registerEntityRoutes(registry, entities, traversal, new PdfRenderer());
        registerTraversalRoutes(registry, traversal, { sourceEntity: async (e) => (await entities.summary(e, 'v1')) as unknown as EmbeddedEntity });
        const query = opts.maxDepth && opts.route !== 'entity' ? { max_depth: opts.maxDepth } : {};
        const reply = await registry.invoke(`/v1/${opts.route}/:id`, { id }, CLI_PRINCIPAL, { query, accept: format === 'ftm' ? FTM_NDJSON : GRAPHML });
        if (opts.out) fs.writeFileSync(opts.out, reply.body as string);
        else process.stdout.write(reply.body as string);
      } finally {
        await graph.close();
      }
    });
}
