/**
 * Observers of every Neo4j statement the Graph adapter runs (metrics, traces, tests), told the
 * statement's name (`file#name` of cypher/*.cypher) when it starts and called back when it ends.
 * Process-wide, so the API and the worker's Graph instances report alike without new wiring.
 */
import { allStatements } from './cypherFiles';

/** Called at a statement's start; the function it returns is called at its end (with the error, if any). */
export type StatementObserver = (name: string) => (error?: unknown) => void;

const observers = new Set<StatementObserver>();

/** Adds an observer; returns the function that removes it. */
export function observeStatements(observer: StatementObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** Names already worked out for statement texts (a text built from a template is looked up once). */
const named = new Map<string, string>();
/** Distinct texts remembered; past it, names are still worked out, just not kept. */
const NAMES_KEPT = 5000;

/**
 * The `file#name` of a statement text: the statement itself, or the template a text was built
 * from (the text before its first `__PLACEHOLDER__`, longest match first); `inline` for text
 * written in code (schema, tools).
 */
export function statementName(text: string): string {
  const known = named.get(text);
  if (known) return known;
  let name = 'inline';
  let best = 0;
  for (const [key, statement] of allStatements()) {
    if (statement === text) { name = key; break; }
    const cut = statement.search(/__[A-Z_]+__/);
    const prefix = cut < 0 ? undefined : statement.slice(0, cut);
    if (prefix && prefix.length > best && text.startsWith(prefix)) { name = key; best = prefix.length; }
  }
  if (named.size < NAMES_KEPT) named.set(text, name);
  return name;
}

/** Marks a statement's start for every observer; call the result at its end. */
export function statementStarted(text: string): (error?: unknown) => void {
  if (observers.size === 0) return noop;
  const name = statementName(text);
  const ends = [...observers].map((observe) => {
    try {
      return observe(name);
    } catch {
      return noop;
    }
  });
  return (error?: unknown) => {
    for (const end of ends) {
      try {
        end(error);
      } catch {
        // An observer never fails a statement.
      }
    }
  };
}

const noop = () => undefined;
