/**
 * Every Cypher statement lives in cypher/*.cypher and is loaded by name. A file may hold
 * several named statements, each introduced by a line `// name: <statement-name>`.
 */
import fs from 'node:fs';
import path from 'node:path';

export const CYPHER_DIR = path.resolve(__dirname, '..', '..', '..', 'cypher');

const cache = new Map<string, string>();

function parseFile(file: string): Map<string, string> {
  const statements = new Map<string, string>();
  const text = fs.readFileSync(file, 'utf8');
  let name: string | undefined;
  let lines: string[] = [];
  const flush = () => {
    if (name !== undefined) statements.set(name, lines.join('\n').trim());
  };
  for (const line of text.split('\n')) {
    const header = /^\/\/\s*name:\s*([\w.-]+)\s*$/.exec(line);
    if (header) {
      flush();
      name = header[1];
      lines = [];
    } else if (name !== undefined && !line.trim().startsWith('//')) {
      lines.push(line);
    }
  }
  flush();
  return statements;
}

/** Statement `name` from cypher/<file>.cypher. */
export function cypher(file: string, name: string): string {
  const key = `${file}#${name}`;
  let text = cache.get(key);
  if (text === undefined) {
    const parsed = parseFile(path.join(CYPHER_DIR, `${file}.cypher`));
    for (const [n, t] of parsed) cache.set(`${file}#${n}`, t);
    text = cache.get(key);
    if (text === undefined) throw new Error(`no statement "${name}" in cypher/${file}.cypher`);
  }
  return text;
}

/** Every named statement of cypher/*.cypher as [`file#name`, text] (loaded once). */
export function statementNames(): Map<string, string> {
  if (!allLoaded) {
    for (const file of fs.readdirSync(CYPHER_DIR).filter((f) => f.endsWith('.cypher') && !f.startsWith('schema'))) {
      const base = file.replace(/\.cypher$/, '');
      for (const [n, t] of parseFile(path.join(CYPHER_DIR, file))) cache.set(`${base}#${n}`, t);
    }
    allLoaded = true;
  }
  return cache;
}
let allLoaded = false;

/** Schema statements (constraints, indexes), in file order, separated by `;`. */
export function schemaStatements(): string[] {
  return fs
    .readdirSync(CYPHER_DIR)
    .filter((f) => /^schema.*\.cypher$/.test(f))
    .sort()
    // Comments go first: a comment may contain a semicolon.
    .map((f) => fs.readFileSync(path.join(CYPHER_DIR, f), 'utf8').split('\n').filter((l) => !l.trim().startsWith('//')).join('\n'))
    .flatMap((text) => text.split(';'))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
