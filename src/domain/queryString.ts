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
import { badParameter } from './errors';

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

const fail = (reason: string): never => {
  throw badParameter('q', reason);
};

// ------------------------------------------------------------------ lexer

type Tok =
  | { t: 'word'; v: string; prefix: boolean; fuzzy?: number; pos: number }
  | { t: 'phrase'; v: string; pos: number }
  | { t: 'op'; v: '+' | '-' | '|' | '(' | ')' | 'AND' | 'OR' | 'NOT'; pos: number }
  | { t: 'field'; v: string; pos: number };

function lex(q: string, advanced: boolean): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  const n = q.length;
  const isSpace = (c: string) => /\s/.test(c);
  // An operator + or - counts only at the start of a word.
  let atWordStart = true;
  while (i < n) {
    const c = q[i];
    if (isSpace(c)) {
      i++;
      atWordStart = true;
      continue;
    }
    if (c === '(' || c === ')') {
      toks.push({ t: 'op', v: c, pos: i });
      i++;
      atWordStart = true;
      continue;
    }
    if (c === '|') {
      if (advanced && q[i + 1] === '|') i++;
      toks.push({ t: 'op', v: advanced ? 'OR' : '|', pos: i });
      i++;
      atWordStart = true;
      continue;
    }
    if (advanced && c === '&' && q[i + 1] === '&') {
      toks.push({ t: 'op', v: 'AND', pos: i });
      i += 2;
      atWordStart = true;
      continue;
    }
    if (advanced && c === '!' && atWordStart) {
      toks.push({ t: 'op', v: 'NOT', pos: i });
      i++;
      continue;
    }
    if ((c === '+' || c === '-') && atWordStart) {
      toks.push({ t: 'op', v: c, pos: i });
      i++;
      continue;
    }
    if (c === '"') {
      const start = i;
      i++;
      let v = '';
      while (i < n && q[i] !== '"') {
        if (q[i] === '\\' && i + 1 < n) i++;
        v += q[i];
        i++;
      }
      if (i >= n) {
        if (advanced) fail(`unterminated quote starting at character ${start + 1}`);
        // Simple syntax: a lone quote is read past, its words as words.
        i = start + 1;
        continue;
      }
      i++;
      // Phrase slop (`"a b"~2`) is accepted and ignored.
      if (q[i] === '~') {
        i++;
        while (i < n && /[0-9]/.test(q[i])) i++;
      }
      // Simple syntax: an empty phrase (`""`, `O""Brien`) has nothing to search and is read past.
      if (advanced || v.trim() !== '') toks.push({ t: 'phrase', v, pos: start });
      atWordStart = false;
      continue;
    }
    // A word: up to whitespace or an operator character.
    const start = i;
    let v = '';
    let fieldName: string | undefined;
    while (i < n) {
      const d = q[i];
      if (d === '\\' && i + 1 < n) {
        v += q[i + 1];
        i += 2;
        continue;
      }
      if (isSpace(d) || d === '(' || d === ')' || d === '"' || d === '|') break;
      if (advanced && d === '&' && q[i + 1] === '&') break;
      if (advanced && d === ':' && /^[a-z_]+(\.[a-z_]+)?$/.test(v) && fieldName === undefined) {
        fieldName = v;
        i++;
        break;
      }
      v += d;
      i++;
    }
    if (fieldName !== undefined) {
      toks.push({ t: 'field', v: fieldName, pos: start });
      atWordStart = true;
      continue;
    }
    if (advanced && (v === 'AND' || v === 'OR' || v === 'NOT')) {
      toks.push({ t: 'op', v, pos: start });
      atWordStart = true;
      continue;
    }
    let fuzzy: number | undefined;
    const fz = /~([0-9]*)$/.exec(v);
    if (fz) {
      fuzzy = fz[1] === '' ? 1 : Number(fz[1]);
      if (!(fuzzy >= 0 && fuzzy <= 2)) {
        if (advanced) fail(`fuzziness after "~" must be 0, 1 or 2 (character ${start + 1})`);
        fuzzy = 2;
      }
      v = v.slice(0, fz.index);
    }
    let prefix = false;
    if (v.endsWith('*')) {
      prefix = true;
      v = v.replace(/\*+$/, '');
      if (fuzzy !== undefined) {
        if (advanced) fail(`a term cannot be both a prefix (*) and fuzzy (~) (character ${start + 1})`);
        fuzzy = undefined;
      }
    }
    if (advanced) {
      if (v.includes('*') || v.includes('?')) fail(`wildcards are only allowed at the end of a term (character ${start + 1})`);
      if (v === '') fail(`an operator or wildcard without a term at character ${start + 1}`);
      toks.push({ t: 'word', v, prefix, fuzzy, pos: start });
    } else {
      // Simple syntax: a wildcard inside a word separates words; the last keeps the * or ~.
      const parts = v.split(/[*?]+/).filter(Boolean);
      parts.forEach((part, k) => toks.push(k === parts.length - 1
        ? { t: 'word', v: part, prefix, fuzzy, pos: start }
        : { t: 'word', v: part, prefix: false, pos: start }));
    }
    atWordStart = false;
  }
  return toks;
}

// ------------------------------------------------------------------ parser

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

const isOp = (tok: Tok | undefined, ...ops: string[]): boolean => tok?.t === 'op' && ops.includes(tok.v);

/**
 * The simple syntax's leniency: drops what has nothing to act on (a `)` without its `(`, an
 * empty group, `|` without a term on each side, `+` / `-` before nothing or before another
 * sign) and closes groups left open, until nothing changes; what remains always parses.
 */
function readPast(toks: Tok[]): Tok[] {
  let current = toks;
  for (;;) {
    const out: Tok[] = [];
    let open = 0;
    current.forEach((tok, i) => {
      const prev = out[out.length - 1];
      const after = current[i + 1];
      if (isOp(tok, ')')) {
        if (open === 0) return;
        open--;
        if (isOp(prev, '(')) out.pop();
        else out.push(tok);
        return;
      }
      if (isOp(tok, '(')) open++;
      if (isOp(tok, '|') && (!prev || isOp(prev, '(', '|', '+', '-') || !after || isOp(after, ')', '|'))) return;
      // Before nothing, or before another sign (`--jones` is a slip for `-jones`): the last sign counts.
      if (isOp(tok, '+', '-') && (!after || isOp(after, ')', '|', '+', '-'))) return;
      out.push(tok);
    });
    for (; open > 0; open--) out.push({ t: 'op', v: ')', pos: current.length ? current[current.length - 1].pos : 0 });
    if (out.length === current.length && out.every((tok, i) => tok === current[i])) return out;
    current = out;
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
