/**
 * Keyset cursors of the project lists: opaque page tokens and one page in list order, forward
 * or backward. Both generations of the published client page with these tokens (the older
 * reads `next`/`prev`, the newer `next_token`/`prev_token`).
 */
import { badParameter } from '../domain/errors';

export interface CursorRequest { limit: number; next?: string; prev?: string }

// Keyset cursors: opaque tokens holding the (created, id) of the row they continue from; in a
// sorted view of project entities `created` holds (a prefix of) the row's sort value as JSON.
export const TOKEN_SORT_PREFIX = 100;
export interface Key { created: string; id: string }
function encodeCursor(kind: string, key: Key): string {
  return Buffer.from(JSON.stringify({ k: kind, c: key.created, i: key.id })).toString('base64url');
}
function decodeCursor(kind: string, token: string, parameter: string): Key {
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { k?: unknown; c?: unknown; i?: unknown };
    if (v.k === kind && typeof v.c === 'string' && typeof v.i === 'string') return { created: v.c, id: v.i };
  } catch {
    // fall through
  }
  throw badParameter(parameter, 'invalid page token');
}

export interface CursorPage<T> { limit: number; next?: string; prev?: string; first: boolean; last: boolean; data: T[] }

/**
 * One page in list order. `forward(after, n)` returns up to n rows after the key (null: from
 * the start); `backward(before, n)` up to n rows before it, nearest first.
 */
export async function cursorPage<R extends { key: Key }>(
  kind: string,
  request: CursorRequest,
  forward: (after: Key | null, n: number) => Promise<R[]>,
  backward: (before: Key, n: number) => Promise<R[]>,
): Promise<CursorPage<R>> {
  if (request.next !== undefined && request.prev !== undefined) throw badParameter('next', 'cannot be combined with prev');
  const { limit } = request;
  if (request.prev !== undefined) {
    const before = decodeCursor(kind, request.prev, 'prev');
    const rows = await backward(before, limit + 1);
    if (rows.length > limit) {
      const data = rows.slice(0, limit).reverse();
      return { limit, prev: encodeCursor(kind, data[0].key), next: encodeCursor(kind, data[data.length - 1].key), first: false, last: false, data };
    }
    // Back at the start: serve the first page, full.
    return cursorPage(kind, { limit }, forward, backward);
  }
  const after = request.next !== undefined ? decodeCursor(kind, request.next, 'next') : null;
  const rows = await forward(after, limit + 1);
  const data = rows.slice(0, limit);
  const more = rows.length > limit;
  return {
    limit,
    ...(more ? { next: encodeCursor(kind, data[data.length - 1].key) } : {}),
    ...(after && data.length ? { prev: encodeCursor(kind, data[0].key) } : {}),
    first: after === null,
    last: !more,
    data,
  };
}

