/**
 * Neo4j's offline importer (`neo4j-admin database import full`, the neo4j-import-tool on
 * tools/neo4j-local's classpath) run into the database directory of the local Neo4j that
 * `services up` starts (`<dataDir>/neo4j`), replacing that database. The server must be stopped:
 * the importer writes the store files themselves.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { buildNeo4jLocal, neo4jLocalDir, NEO4J } from './neo4jProcess';
import { type Log } from './probes';
import { livePid, requireCommand } from './processes';

export interface ImportInput { nodes: string[]; relationships: string[]; multiline: string[]; arrayDelimiter: string }

/** The Neo4j home of the local server, whose data/databases/neo4j the importer replaces. */
export const localNeo4jHome = (config: Config): string => path.join(config.dataDir, 'neo4j');

export async function runNeo4jImport(config: Config, input: ImportInput, log: Log): Promise<void> {
  if (livePid(config, NEO4J) !== undefined) throw new Error('the local Neo4j is running; the importer needs it stopped');
  requireCommand('java', ['-version'], 'install a JDK 17+ (e.g. openjdk-17-jdk-headless) to run the Neo4j importer');
  const tools = neo4jLocalDir();
  buildNeo4jLocal(tools, log);
  const classpath = fs.readFileSync(path.join(tools, 'target', 'classpath.txt'), 'utf8').trim();
  const home = localNeo4jHome(config);
  fs.mkdirSync(home, { recursive: true });
  // The store keeps the server's relationship grouping (NEO4J_LOCAL_GROUPING_THRESHOLD).
  const extra = path.join(home, 'bulk-load.conf');
  fs.writeFileSync(extra, `db.relationship_grouping_threshold=${config.localNeo4j.groupingThreshold}\n`);
  const codepoint = `U+${input.arrayDelimiter.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const args = [
    `-Xmx${config.localNeo4j.heapMiB}m`, '-XX:+UseG1GC', '-cp', classpath, 'org.neo4j.cli.AdminTool',
    'database', 'import', 'full', '--overwrite-destination', `--additional-config=${extra}`,
    `--array-delimiter=${codepoint}`,
    // Off-heap use is bounded by the page cache the server would have, not 90% of the machine.
    `--max-off-heap-memory=${config.localNeo4j.pageCacheMiB * 1024 * 1024}`,
    // The first multi-line reader: the per-file one (format v2) fails on a file of several MiB
    // ("found CR outside a text cell") where none is outside a quoted cell.
    ...(input.multiline.length ? ['--multiline-fields=true'] : []),
    ...input.nodes.map((f) => `--nodes=${f}`),
    ...input.relationships.map((f) => `--relationships=${f}`),
  ];
  const out: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('java', args, { cwd: home, env: { ...process.env, NEO4J_HOME: home, NEO4J_CONF: path.join(home, 'conf') }, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      out.push(chunk.toString());
      if (out.length > 200) out.shift();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) {
    // A failed import leaves store files no server can open; the database was empty before
    // (the caller checked), so removing them leaves it empty again.
    for (const dir of ['databases', 'transactions']) fs.rmSync(path.join(home, 'data', dir, 'neo4j'), { recursive: true, force: true });
    throw new Error(`the Neo4j importer failed (exit ${code}); its database was removed (empty again, Neo4j left stopped):\n${out.join('').split('\n').slice(-30).join('\n')}`);
  }
  const done = out.join('').match(/IMPORT DONE in [^\n]*/);
  log(`neo4j import: ${done?.[0] ?? 'done'}`);
}
