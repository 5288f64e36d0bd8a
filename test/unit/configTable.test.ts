/**
 * Every environment variable read in src/config.ts has a row in the README's configuration
 * table, so an operator can find each setting without reading the code.
 */
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..', '..');

/** Names read from the environment: `env.NAME`, `env['NAME']` and helper calls `int(env, 'NAME', ...)`. */
export function variablesRead(source: string): Set<string> {
  const names = new Set<string>();
  for (const re of [/\benv\.([A-Z][A-Z0-9_]*)\b/g, /\benv\[\s*'([A-Z][A-Z0-9_]*)'\s*\]/g, /\(\s*env\s*,\s*'([A-Z][A-Z0-9_]*)'/g]) {
    for (const match of source.matchAll(re)) names.add(match[1]);
  }
  return names;
}

/** Names in the first cell of each row of the table under `## Configuration`. */
export function variablesDocumented(readme: string): Set<string> {
  const section = /^## Configuration\s*$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme);
  const names = new Set<string>();
  if (!section) return names;
  for (const line of section[1].split('\n')) {
    if (!line.startsWith('|')) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]);
  }
  return names;
}

describe('README configuration table', () => {
  const read = variablesRead(fs.readFileSync(path.join(REPO, 'src', 'config.ts'), 'utf8'));
  const documented = variablesDocumented(fs.readFileSync(path.join(REPO, 'README.md'), 'utf8'));

  it('finds the variables config.ts reads', () => {
    // A sanity floor: a broken pattern would otherwise pass with nothing to check.
    for (const name of ['PORT', 'NEO4J_URI', 'NODE_ENV', 'TRAVERSAL_TIMEOUT_MS', 'WARM_UP']) expect(read).toContain(name);
  });

  it('has a row for every variable config.ts reads', () => {
    const missing = [...read].filter((name) => !documented.has(name)).sort();
    expect(missing).toEqual([]);
  });

  it('fails on a variable without a row', () => {
    const readme = '## Configuration\n\n| variable | default | |\n|---|---|---|\n| `PORT` | 8080 | |\n\n## Layout\n\n| `HOST` |\n';
    const source = "int(env, 'PORT', 8080, 0, 65535); env.HOST; env['NEW_VAR']";
    const rows = variablesDocumented(readme);
    expect([...variablesRead(source)].filter((name) => !rows.has(name)).sort()).toEqual(['HOST', 'NEW_VAR']);
  });
});
