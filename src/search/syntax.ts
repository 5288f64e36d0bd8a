/**
 * Parsers for the search `q` parameter. Both produce the same tree; the search backends
 * compile it (Lucene for Neo4j, filter expressions for Meilisearch) after normalising terms.
 *
 * Simple syntax (default), in the style of a search engine's "simple query string":
 *   `a b` and `a + b`   both terms (AND is the default operator)
 *   `a | b`              either term
 *   `-a`                 not a (only beside a positive term in the same group)
 *   `"a b"`              phrase: the words adjacent and in order
 *   `pre*`               prefix
 *   `word~` / `word~2`   fuzzy: up to 1 (default) or 2 edits
 *   `( ... )`            grouping and nesting; `\` escapes an operator character
 *   `+` and `-` are operators only at the start of a word ("12-345" is one term).
 * Like a search engine's simple query string it never fails on syntax: a stray quote or
 * parenthesis, an operator with nothing to act on, an empty group or a wildcard inside a word
 * is read past (names such as `Acme (UK` or `O"Brien` are searched as written). What it
 * refuses is a query with no terms, only negations, or over the size limits.
 *
 * Advanced syntax (`advanced=true`), in the style of a full query string:
 *   fielded terms `name.value:antonov`, `identifier.type:gbr_company_number`,
 *   `address.value:(london | "high street")`, operators `AND` / `&&`, `OR` / `||`,
 *   `NOT` / `!` / `-`, `+`, parentheses, phrases, prefix `*` and fuzzy `~`; AND is the
 *   default operator. Unknown fields and malformed input are errors (the stricter syntax).
 *
 * Every error is a 400/406 naming `q` (badParameter), never a server error.
 */
import { fail, lex, readPast, type Tok } from './lexer';

export type QueryNode =
  | { kind: 'term'; field?: string; text: string; prefix?: boolean; fuzzy?: number }
  | { kind: 'phrase'; field?: string; text: string }
  | { kind: 'and'; children: QueryNode[] }
  | { kind: 'or'; children: QueryNode[] }
  | { kind: 'not'; child: QueryNode };

export interface ParseOptions {
  advanced?: boolean;
  /** Field names accepted in advanced mode (e.g. name.value). */
  fields?: readonly string[];
}

export const MAX_QUERY_LENGTH = 1000;
export const MAX_LEAVES = 64;
export const MAX_DEPTH = 12;

class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly toks: Tok[], private readonly opts: ParseOptions) {}

  private peek(): Tok | undefined {
    return this.toks[this.i];
  }

  private where(tok?: Tok): string {
    return tok ? `at character ${tok.pos + 1}` : 'at the end of the query';
  }

  parse(): QueryNode {
    if (this.toks.length === 0) fail('the query is empty');
    const node = this.or(undefined);
    const rest = this.peek();
    if (rest) fail(rest.t === 'op' && rest.v === ')' ? `unbalanced ")" ${this.where(rest)}` : `unexpected input ${this.where(rest)}`);
    return node;
  }

  private isOr(tok?: Tok): boolean {
    return tok?.t === 'op' && (tok.v === '|' || tok.v === 'OR');
  }

  private or(field: string | undefined): QueryNode {
    const children = [this.and(field)];
    while (this.isOr(this.peek())) {
      const op = this.toks[this.i++];
      const next = this.peek();
      if (!next || (next.t === 'op' && (next.v === ')' || this.isOr(next) || next.v === 'AND'))) {
        fail(`"${op.v === '|' ? '|' : 'OR'}" needs a term on both sides (${this.where(op)})`);
      }
      children.push(this.and(field));
    }
    return children.length === 1 ? children[0] : { kind: 'or', children };
  }

  private and(field: string | undefined): QueryNode {
    const children: QueryNode[] = [];
    for (;;) {
      const tok = this.peek();
      if (!tok || (tok.t === 'op' && (tok.v === ')' || this.isOr(tok)))) break;
      if (tok.t === 'op' && tok.v === 'AND') {
        if (children.length === 0) fail(`"AND" needs a term on both sides (${this.where(tok)})`);
        this.i++;
        const next = this.peek();
        if (!next || (next.t === 'op' && (next.v === ')' || this.isOr(next) || next.v === 'AND'))) {
          fail(`"AND" needs a term on both sides (${this.where(tok)})`);
        }
        continue;
      }
      children.push(this.unary(field));
    }
    if (children.length === 0) {
      const tok = this.peek();
      fail(tok ? `expected a term ${this.where(tok)}` : 'expected a term at the end of the query');
    }
    return children.length === 1 ? children[0] : { kind: 'and', children };
  }

  private unary(field: string | undefined): QueryNode {
    const tok = this.peek()!;
    if (tok.t === 'op' && (tok.v === '-' || tok.v === 'NOT')) {
      this.i++;
      if (!this.peek() || (this.peek()!.t === 'op' && [')', '|', 'OR', 'AND'].includes(this.peek()!.v))) {
        fail(`"${tok.v}" needs a term after it (${this.where(tok)})`);
      }
      return { kind: 'not', child: this.unary(field) };
    }
    if (tok.t === 'op' && tok.v === '+') {
      this.i++;
      if (!this.peek() || (this.peek()!.t === 'op' && [')', '|', 'OR', 'AND'].includes(this.peek()!.v))) {
        fail(`"+" needs a term after it (${this.where(tok)})`);
      }
      return this.unary(field);
    }
    return this.primary(field);
  }

  private group(field: string | undefined, open: Tok): QueryNode {
    if (++this.depth > MAX_DEPTH) fail(`groups are nested more than ${MAX_DEPTH} deep`);
    const next = this.peek();
    if (next?.t === 'op' && next.v === ')') fail(`empty group ${this.where(open)}`);
    if (!next) fail(`unbalanced "(" ${this.where(open)}`);
    const node = this.or(field);
    const close = this.peek();
    if (!(close?.t === 'op' && close.v === ')')) fail(`unbalanced "(" ${this.where(open)}`);
    this.i++;
    this.depth--;
    return node;
  }

  private primary(field: string | undefined): QueryNode {
    const tok = this.toks[this.i++];
    if (tok.t === 'op' && tok.v === '(') return this.group(field, tok);
    if (tok.t === 'field') {
      if (field !== undefined) fail(`a field inside another field's group ${this.where(tok)}`);
      const allowed = this.opts.fields ?? [];
      if (!allowed.includes(tok.v)) fail(`unknown field "${tok.v}" ${this.where(tok)}; fields: ${allowed.join(', ')}`);
      const next = this.peek();
      if (!next || (next.t !== 'word' && next.t !== 'phrase' && !(next.t === 'op' && next.v === '('))) {
        fail(`field "${tok.v}" needs a value ${this.where(tok)}`);
      }
      if (next!.t === 'op') {
        this.i++;
        return this.group(tok.v, next!);
      }
      return this.primary(tok.v);
    }
    if (tok.t === 'word') return { kind: 'term', field, text: tok.v, ...(tok.prefix ? { prefix: true } : {}), ...(tok.fuzzy !== undefined ? { fuzzy: tok.fuzzy } : {}) };
    if (tok.t === 'phrase') {
      if (tok.v.trim() === '') fail(`empty phrase ${this.where(tok)}`);
      return { kind: 'phrase', field, text: tok.v };
    }
    return fail(`unexpected "${tok.v}" ${this.where(tok)}`);
  }
}

/** Negations must stand beside a positive term: `-a` alone or `a | -b` would match nearly everything. */
function checkNegations(node: QueryNode, top = true): void {
  switch (node.kind) {
    case 'not':
      if (top) fail('a query cannot be only a negation; add a term to match');
      checkNegations(node.child, true);
      return;
    case 'and':
      if (node.children.every((c) => c.kind === 'not')) fail('a group cannot be only negations; add a term to match');
      for (const c of node.children) checkNegations(c, false);
      return;
    case 'or':
      for (const c of node.children) {
        if (c.kind === 'not') fail('a negation cannot be an alternative of "|" / OR; group it with a positive term');
        checkNegations(c, true);
      }
      return;
    default:
  }
}

function countLeaves(node: QueryNode): number {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children.reduce((s, c) => s + countLeaves(c), 0);
    case 'not':
      return countLeaves(node.child);
    default:
      return 1;
  }
}

/** Flattens nested groups of the same operator: and(a, and(b, c)) -> and(a, b, c). */
function flatten(node: QueryNode): QueryNode {
  if (node.kind === 'not') return { kind: 'not', child: flatten(node.child) };
  if (node.kind !== 'and' && node.kind !== 'or') return node;
  const children: QueryNode[] = [];
  for (const c of node.children.map(flatten)) {
    if (c.kind === node.kind) children.push(...c.children);
    else children.push(c);
  }
  return { kind: node.kind, children };
}

/** Parses `q`; throws badParameter('q', ...) on any syntax error. */
export function parseQuery(q: string, opts: ParseOptions = {}): QueryNode {
  if (typeof q !== 'string' || q.trim() === '') fail('the query is empty');
  if (q.length > MAX_QUERY_LENGTH) fail(`longer than ${MAX_QUERY_LENGTH} characters`);
  const toks = lex(q, Boolean(opts.advanced));
  const node = flatten(new Parser(opts.advanced ? toks : readPast(toks), opts).parse());
  if (countLeaves(node) > MAX_LEAVES) fail(`more than ${MAX_LEAVES} terms`);
  checkNegations(node);
  return node;
}

/** Positive leaves (terms and phrases not under a negation), for highlighting. */
export function positiveLeaves(node: QueryNode, out: Extract<QueryNode, { kind: 'term' | 'phrase' }>[] = []) {
  switch (node.kind) {
    case 'and':
    case 'or':
      for (const c of node.children) positiveLeaves(c, out);
      break;
    case 'not':
      break;
    default:
      out.push(node);
  }
  return out;
}
