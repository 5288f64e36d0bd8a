/**
 * Every Cypher statement lives in cypher/*.cypher and is loaded by name. A file may hold
 * several named statements, each introduced by a line `// name: <statement-name>`. A statement
 * may hold placeholders (`__NAME__`, upper case), which `statement` fills.
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

/** The names of the statements of cypher/<file>.cypher, in file order. */
export function statementNames(file: string): string[] {
  return [...parseFile(path.join(CYPHER_DIR, `${file}.cypher`)).keys()];
}

/** A placeholder in statement text: `__NAME__`, upper-case words joined by single underscores. */
const PLACEHOLDER = /__([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)__/g;

/** The values of a statement's placeholders, by name without the underscores (`{ TYPES: 'A|B' }` fills `__TYPES__`). */
export type StatementValues = Readonly<Record<string, string | number>>;

/** The placeholder names of a text, once each, in order of first use. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/**
 * Statement `name` from cypher/<file>.cypher with its placeholders filled from `values`, in
 * one pass (a value is not searched for placeholders). Throws on a value for a placeholder the
 * statement does not have and on a placeholder left without a value, so a renamed or
 * forgotten placeholder fails at once rather than reaching Neo4j. Values go into the query
 * text: they must come from domain tables and fixed fragments, never from a request.
 */
export function statement(file: string, name: string, values: StatementValues = {}): string {
  return fillPlaceholders(cypher(file, name), values, `cypher/${file}.cypher#${name}`);
}

/** A text split at its placeholders: `parts` around them, `names` in order, `used` once each. */
interface Template { parts: string[]; names: string[]; used: ReadonlySet<string> }

/** Templates by text, split once: the texts are the statements of cypher/ and their fragments, a fixed set. */
const templates = new Map<string, Template>();

function templateOf(text: string): Template {
  let template = templates.get(text);
  if (!template) {
    // split with a capturing group alternates literal parts and placeholder names.
    const pieces = text.split(new RegExp(PLACEHOLDER.source));
    const names = pieces.filter((_, i) => i % 2 === 1);
    template = { parts: pieces.filter((_, i) => i % 2 === 0), names, used: new Set(names) };
    templates.set(text, template);
  }
  return template;
}

/** `text` with its placeholders filled (see statement); `where` names the text in errors. */
function fillPlaceholders(text: string, values: StatementValues, where: string): string {
  const { parts, names, used } = templateOf(text);
  const unknown = Object.keys(values).filter((key) => !used.has(key));
  if (unknown.length > 0) throw new Error(`${where} has no placeholder ${unknown.map((k) => `__${k}__`).join(', ')}`);
  const unfilled = [...used].filter((key) => values[key] === undefined);
  if (unfilled.length > 0) throw new Error(`${where} leaves ${unfilled.map((k) => `__${k}__`).join(', ')} unfilled`);
  let out = parts[0];
  for (let i = 0; i < names.length; i += 1) out += String(values[names[i]]) + parts[i + 1];
  return out;
}

/** Every named statement of cypher/*.cypher as [`file#name`, text] (loaded once). */
export function allStatements(): Map<string, string> {
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
