/**
 * The layering of src/: a request goes down and never climbs back. Each folder (or top-level
 * file) sits in one layer and may import only from its own layer or the ones below; no file
 * imports itself back through a loop, types included; services reach Neo4j only through
 * src/graph; Redis commands and Lua live only in the Redis adapters (src/feeds/, redis/*.lua).
 * Imports are read with the TypeScript compiler's own pre-processor, so `import type`,
 * `export ... from` and `import()` all count.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SRC = path.join(ROOT, 'src');

/** Lowest first. A module may import from its own layer and any layer before it. */
const LAYERS: string[][] = [
  ['domain', 'types', 'timeout.ts'],
  ['config.ts', 'logger.ts'],
  ['graph', 'search', 'feeds', 'devservices'],
  ['ingest', 'importers', 'export'],
  ['services'],
  ['observability'],
  ['workers'],
  ['http'],
  ['seed', 'exportCommand.ts', 'newsCommand.ts', 'bulkLoadCommand.ts', 'cli.ts'],
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

/** The layer of a file under src/: the index of its top folder (or top-level file) in LAYERS. */
function layerOf(file: string): number {
  const top = path.relative(SRC, file).split(path.sep)[0];
  const i = LAYERS.findIndex((names) => names.includes(top));
  if (i < 0) throw new Error(`${path.relative(ROOT, file)}: its folder has no layer in LAYERS`);
  return i;
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  return [`${base}.ts`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
}

const files = sourceFiles(SRC);
const imports = new Map<string, { local: string[]; packages: string[] }>(files.map((f) => {
  const info = ts.preProcessFile(fs.readFileSync(f, 'utf8'), true, true);
  const specs = info.importedFiles.map((i) => i.fileName);
  return [f, { local: specs.map((s) => resolveImport(f, s)).filter((x): x is string => !!x), packages: specs.filter((s) => !s.startsWith('.')) }];
}));
const rel = (f: string) => path.relative(ROOT, f);

describe('layering of src/', () => {
  it('reads the imports of every source file (the check is not vacuous)', () => {
    expect(files.length).toBeGreaterThan(150);
    const edges = [...imports.values()].reduce((n, i) => n + i.local.length, 0);
    expect(edges).toBeGreaterThan(500);
  });

  it('has no import that climbs to a higher layer', () => {
    const climbing = files.flatMap((f) => imports.get(f)!.local
      .filter((to) => layerOf(to) > layerOf(f))
      .map((to) => `${rel(f)} -> ${rel(to)}`));
    expect(climbing).toEqual([]);
  });

  it('has no import loop between files, type-only imports included', () => {
    const loops: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (f: string) => {
      state.set(f, 'open');
      stack.push(f);
      for (const to of imports.get(f)?.local ?? []) {
        if (state.get(to) === 'open') loops.push([...stack.slice(stack.indexOf(to)), to].map(rel).join(' -> '));
        else if (!state.has(to)) visit(to);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of files) if (!state.has(f)) visit(f);
    expect(loops).toEqual([]);
  });

  it('lets no service import neo4j-driver: the Neo4j adapter in src/graph is the one place that knows the driver', () => {
    const direct = files.filter((f) => rel(f).startsWith(path.join('src', 'services')) && imports.get(f)!.packages.includes('neo4j-driver'));
    expect(direct.map(rel)).toEqual([]);
  });

  it('keeps Redis commands and Lua in the Redis adapters (src/feeds/, redis/*.lua)', () => {
    const outside = files.filter((f) => !rel(f).startsWith(path.join('src', 'feeds')) && !rel(f).startsWith(path.join('src', 'devservices')));
    const lua = files.filter((f) => /redis\.call\(/.test(fs.readFileSync(f, 'utf8')));
    expect(lua.map(rel)).toEqual([]);
    // A connection may be made and closed anywhere (wiring); a command is the adapter's. `ping` is the readiness probe.
    const commands = outside.filter((f) => /\bredis\.(?!disconnect\b|quit\b|ping\b|on\b|once\b|status\b|options\b)[a-z]+\(/i.test(fs.readFileSync(f, 'utf8')));
    expect(commands.map(rel)).toEqual([]);
    const scripts = fs.readdirSync(path.join(ROOT, 'redis')).filter((f) => f.endsWith('.lua'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) {
      const header = fs.readFileSync(path.join(ROOT, 'redis', s), 'utf8').split('\n').filter((l) => l.startsWith('--')).join('\n');
      expect({ script: s, keys: /KEYS\[1\]/.test(header), argv: /ARGV\[1\]/.test(header) }).toEqual({ script: s, keys: true, argv: true });
    }
  });
});
