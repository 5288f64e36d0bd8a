/**
 * The tokens of the search `q` parameter (src/search/syntax.ts parses them), and the simple
 * syntax's leniency, which works on tokens. Errors are badParameter('q', ...).
 */
import { badParameter } from '../domain/errors';

export const fail = (reason: string): never => {
  throw badParameter('q', reason);
};

export type Tok =
  | { t: 'word'; v: string; prefix: boolean; fuzzy?: number; pos: number }
  | { t: 'phrase'; v: string; pos: number }
  | { t: 'op'; v: '+' | '-' | '|' | '(' | ')' | 'AND' | 'OR' | 'NOT'; pos: number }
  | { t: 'field'; v: string; pos: number };

export function lex(q: string, advanced: boolean): Tok[] {
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

export const isOp = (tok: Tok | undefined, ...ops: string[]): boolean => tok?.t === 'op' && ops.includes(tok.v);

/**
 * The simple syntax's leniency: drops what has nothing to act on (a `)` without its `(`, an
 * empty group, `|` without a term on each side, `+` / `-` before nothing or before another
 * sign) and closes groups left open, until nothing changes; what remains always parses.
 */
export function readPast(toks: Tok[]): Tok[] {
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
