/**
 * From a parsed `q` (src/search/syntax.ts) to a normalised match tree that every
 * backend executes the same way, plus the highlighter that wraps matched words in `<em>`.
 *
 * A leaf is a set of alternatives (one per searched field, plus the compact form of an
 * identifier); an alternative of several tokens is a phrase (tokens adjacent, in order).
 */
import { analyze, compactIdentifier, editDistance, type Token } from '../domain/names';
import { badParameter } from '../domain/errors';
import { parseQuery, type QueryNode } from './syntax';
import {
  ADVANCED_ENTITY_FIELDS, ADVANCED_RECORD_FIELDS, ENTITY_SEARCH_FIELDS, IndexField, fieldTokens, usesCompanyForms,
} from './fields';

export interface Alternative {
  field: IndexField;
  tokens: string[];
  /** The last token is a prefix. */
  prefix?: boolean;
  /** Each token may differ by up to this many edits. */
  fuzzy?: number;
  /** Matches an identifier value as a whole, punctuation ignored. */
  compact?: boolean;
}

export type MatchNode =
  | { kind: 'leaf'; alternatives: Alternative[] }
  | { kind: 'and'; children: MatchNode[] }
  | { kind: 'or'; children: MatchNode[] }
  | { kind: 'not'; child: MatchNode };

export type Target = 'entity' | 'record';

/** Common words that record search ignores when alone: one would match most record labels. */
const STOP_WORDS = new Set('a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(' '));

/**
 * Most index clauses a compiled `q` may have. Lucene (Neo4j full-text) refuses a query of more
 * than 1024 clauses, and the filters may add up to 400 (300 countries, 50 types, 50 sources).
 * See clauseCount for what a clause is.
 */
export const MAX_QUERY_CLAUSES = 600;

/**
 * Clauses of a compiled query: one per alternative (a term or phrase in one field), except
 * that a prefix or fuzzy term of several words (`aaa-bbb*`) is one clause per word, since it
 * matches each word on its own. A fuzzy word may also expand, at run time, to up to 50 index
 * words per field; that is bounded by the backend (the Neo4j adapter answers 400 naming `q`).
 */
export function clauseCount(node: MatchNode): number {
  switch (node.kind) {
    case 'leaf':
      return node.alternatives.reduce((n, a) => n + (a.prefix || a.fuzzy ? a.tokens.length : 1), 0);
    case 'and':
    case 'or':
      return node.children.reduce((n, c) => n + clauseCount(c), 0);
    case 'not':
      return clauseCount(node.child);
  }
}

export interface CompileOptions {
  target: Target;
  advanced: boolean;
  /** API field names to search for unfielded terms (entities); default all. */
  fields?: string[];
}

function alternativesFor(field: IndexField, leaf: Extract<QueryNode, { kind: 'term' | 'phrase' }>, target: Target): Alternative[] {
  const tokens = fieldTokens(field, leaf.text);
  if (tokens.length === 0) return [];
  if (target === 'record' && leaf.kind === 'term' && tokens.length === 1 && STOP_WORDS.has(tokens[0]) && !leaf.prefix) return [];
  const alt: Alternative = { field, tokens };
  if (leaf.kind === 'term') {
    if (leaf.prefix) {
      const last = tokens[tokens.length - 1];
      if (last.length < 2) throw badParameter('q', `a prefix needs at least 2 letters or digits: "${leaf.text}*"`);
      alt.prefix = true;
    }
    if (leaf.fuzzy) alt.fuzzy = leaf.fuzzy;
  }
  const out = [alt];
  if (field === 'identifier' && tokens.length > 1 && !alt.prefix && !alt.fuzzy) {
    out.push({ field, tokens: [compactIdentifier(leaf.text)], compact: true });
  }
  return out;
}

/**
 * Parses and normalises `q`. Throws badParameter('q') for syntax errors, for a query
 * with nothing searchable left (e.g. only punctuation) and for one of more than
 * MAX_QUERY_CLAUSES clauses.
 */
export function compileQuery(q: string, opts: CompileOptions): MatchNode {
  const advancedFields = opts.target === 'entity' ? ADVANCED_ENTITY_FIELDS : ADVANCED_RECORD_FIELDS;
  const tree = parseQuery(q, { advanced: opts.advanced, fields: Object.keys(advancedFields) });
  const defaultFields: IndexField[] = opts.target === 'record'
    ? ['label']
    : ((opts.fields && opts.fields.length ? opts.fields : [...ENTITY_SEARCH_FIELDS]) as IndexField[]);

  const walk = (node: QueryNode): MatchNode | undefined => {
    switch (node.kind) {
      case 'term':
      case 'phrase': {
        const fields = node.field ? [advancedFields[node.field]] : defaultFields;
        const alternatives = fields.flatMap((f) => alternativesFor(f, node, opts.target));
        return alternatives.length ? { kind: 'leaf', alternatives } : undefined;
      }
      case 'not': {
        const child = walk(node.child);
        return child ? { kind: 'not', child } : undefined;
      }
      case 'and':
      case 'or': {
        const children = node.children.map(walk).filter((c): c is MatchNode => c !== undefined);
        if (children.length === 0) return undefined;
        if (node.kind === 'and' && children.every((c) => c.kind === 'not')) return undefined;
        return children.length === 1 ? children[0] : { kind: node.kind, children };
      }
    }
  };
  const out = walk(tree);
  if (!out || out.kind === 'not') throw badParameter('q', 'nothing to search for: the query has no letters or digits to match (or only common words)');
  const clauses = clauseCount(out);
  if (clauses > MAX_QUERY_CLAUSES) {
    throw badParameter('q', `too complex: it makes ${clauses} index clauses (at most ${MAX_QUERY_CLAUSES}); each term counts once per field searched, `
      + 'and a prefix or fuzzy term of several words once per word: use fewer words, or restrict the fields searched');
  }
  return out;
}

/** Positive alternatives (not under a negation), the ones highlights show. */
export function positiveAlternatives(node: MatchNode, out: Alternative[] = []): Alternative[] {
  switch (node.kind) {
    case 'leaf':
      out.push(...node.alternatives);
      break;
    case 'and':
    case 'or':
      for (const c of node.children) positiveAlternatives(c, out);
      break;
    case 'not':
      break;
  }
  return out;
}

// ------------------------------------------------------------------ Lucene (Neo4j full-text)

const LUCENE_SPECIAL = /[+\-!(){}[\]^"~*?:\\/&|]/g;
export const luceneEscape = (s: string): string => s.replace(LUCENE_SPECIAL, (c) => `\\${c}`);
const luceneWord = (s: string): string => {
  const e = luceneEscape(s);
  return /^(and|or|not)$/i.test(e) ? `"${e}"` : e;
};

function luceneAlternative(alt: Alternative, property: (f: IndexField) => string): string {
  const p = property(alt.field);
  const { tokens } = alt;
  if (tokens.length === 1) {
    const t = luceneWord(tokens[0]);
    if (alt.prefix) return `${p}:${t}*`;
    if (alt.fuzzy) return `${p}:${t}~${alt.fuzzy}`;
    return `${p}:${t}`;
  }
  if (alt.prefix || alt.fuzzy) {
    return `(${tokens.map((t, i) => {
      const w = luceneWord(t);
      if (alt.prefix && i === tokens.length - 1) return `+${p}:${w}*`;
      return alt.fuzzy ? `+${p}:${w}~${alt.fuzzy}` : `+${p}:${w}`;
    }).join(' ')})`;
  }
  return `${p}:"${tokens.map(luceneEscape).join(' ')}"`;
}

/** The match tree as a Lucene query string over the given property names. */
export function toLucene(node: MatchNode, property: (f: IndexField) => string): string {
  switch (node.kind) {
    case 'leaf':
      return node.alternatives.length === 1
        ? luceneAlternative(node.alternatives[0], property)
        : `(${node.alternatives.map((a) => luceneAlternative(a, property)).join(' OR ')})`;
    case 'and':
      return `(${node.children.map((c) => (c.kind === 'not' ? `-${toLucene(c.child, property)}` : `+${toLucene(c, property)}`)).join(' ')})`;
    case 'or':
      return `(${node.children.map((c) => toLucene(c, property)).join(' OR ')})`;
    case 'not':
      // Only reachable inside an 'and' (compileQuery rejects bare negations).
      return `-${toLucene(node.child, property)}`;
  }
}

// ------------------------------------------------------------------ highlighting

function tokenMatches(alt: Alternative, index: number, token: string): boolean {
  const want = alt.tokens[index];
  if (alt.prefix && index === alt.tokens.length - 1) return token.startsWith(want);
  if (alt.fuzzy) return editDistance(want, token, alt.fuzzy) <= alt.fuzzy;
  return token === want;
}

/** Spans of `value` matched by the alternatives of its field. */
function matchedSpans(field: IndexField, value: string, alternatives: Alternative[]): [number, number][] {
  const mine = alternatives.filter((a) => a.field === field);
  if (mine.length === 0) return [];
  const tokens: Token[] = analyze(value, { companyForms: usesCompanyForms(field) });
  const spans: [number, number][] = [];
  for (const alt of mine) {
    if (alt.compact) {
      if (compactIdentifier(value) === alt.tokens[0]) spans.push([0, value.length]);
      continue;
    }
    const n = alt.tokens.length;
    // Prefix and fuzzy alternatives of several tokens match each token anywhere (as the index does).
    if (n > 1 && (alt.prefix || alt.fuzzy)) {
      const found = alt.tokens.map((_, k) => tokens.filter((t) => tokenMatches(alt, k, t.text)));
      if (found.every((f) => f.length > 0)) for (const f of found) for (const t of f) spans.push([t.start, t.end]);
      continue;
    }
    for (let i = 0; i + n <= tokens.length; i++) {
      let ok = true;
      for (let k = 0; k < n && ok; k++) ok = tokenMatches(alt, k, tokens[i + k].text);
      if (!ok) continue;
      for (let k = 0; k < n; k++) spans.push([tokens[i + k].start, tokens[i + k].end]);
    }
    // An identifier typed with punctuation also matches its compact indexed form.
    if (field === 'identifier' && n === 1 && !alt.prefix && !alt.fuzzy && compactIdentifier(value) === alt.tokens[0] && tokens.length > 1) {
      spans.push([0, value.length]);
    }
  }
  return spans;
}

/** `value` with each matched span wrapped in <em>; undefined when nothing matched. */
export function highlightValue(field: IndexField, value: string, alternatives: Alternative[]): string | undefined {
  const spans = matchedSpans(field, value, alternatives).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  if (spans.length === 0) return undefined;
  const merged: [number, number][] = [];
  for (const [s, e] of spans) {
    const last = merged[merged.length - 1];
    if (last && s < last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  let out = '';
  let at = 0;
  for (const [s, e] of merged) {
    out += `${value.slice(at, s)}<em>${value.slice(s, e)}</em>`;
    at = e;
  }
  return out + value.slice(at);
}

/** Maximum highlighted values per field in `matches`. */
export const MAX_MATCH_VALUES = 10;

/**
 * `matches` of one hit: for each API field with a matched value, the values with their
 * matched words in <em>. Type fields (identifier.type, contact.type) show under their field.
 */
export function highlight(values: Partial<Record<IndexField, string[]>>, node: MatchNode): Record<string, string[]> {
  const alternatives = positiveAlternatives(node);
  const out: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(values) as [IndexField, string[]][]) {
    if (!list) continue;
    const key = field === 'identifier_type' ? 'identifier.type' : field === 'contact_type' ? 'contact.type' : field;
    for (const value of list) {
      const h = highlightValue(field, value, alternatives);
      if (h === undefined) continue;
      const bucket = (out[key] ??= []);
      if (bucket.length < MAX_MATCH_VALUES && !bucket.includes(h)) bucket.push(h);
    }
  }
  return out;
}
