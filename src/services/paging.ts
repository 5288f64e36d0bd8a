/**
 * Page shapes. Legacy pages use offsets and a boolean `next`; /v1 entity pages use opaque
 * string tokens (`<field>.next=<token>`) that carry the offset and are bound to their field.
 */
import { neo4j } from '../graph/driver';
import { badParameter } from '../domain/errors';

export interface Paging {
  offset: number;
  limit: number;
  /** The limit the request asked for, where the page is cut shorter (a `prev` page reaching the start). */
  requested?: number;
}
export interface Size { count: number; qualifier: 'eq' | 'gte' }

export const MAX_PAGE = 100;

/** SKIP / LIMIT parameters must be Cypher integers; JavaScript numbers travel as floats. */
export const skipLimit = (p: Paging) => ({ offset: neo4j.int(p.offset), limit: neo4j.int(p.limit) });
export const exact = (count: number): Size => ({ count, qualifier: 'eq' });

export function legacyPage<T>(paging: Paging, total: number, data: T[]) {
  return { offset: paging.offset, limit: paging.limit, next: paging.offset + data.length < total, size: exact(total), data };
}

export function encodeToken(field: string, offset: number): string {
  return Buffer.from(`${field}\u0000${offset}`).toString('base64url');
}

/** Offset carried by a token; a token that is malformed or belongs to another field is a 400 naming `parameter`. */
export function decodeToken(field: string, token: string, parameter: string): number {
  const [tokenField, offset] = Buffer.from(token, 'base64url').toString('utf8').split('\u0000');
  const value = Number(offset);
  if (tokenField !== field || !/^\d+$/.test(offset ?? '') || !Number.isSafeInteger(value)) {
    throw badParameter(parameter, 'invalid page token');
  }
  return value;
}

export interface TokenRequest { next?: string; prev?: string; limit: number }

/** Resolves `<field>.next` / `<field>.prev` / `<field>.limit` to an offset page. */
export function tokenPaging(field: string, request: TokenRequest, parameterPrefix: string): Paging {
  if (request.next !== undefined && request.prev !== undefined) {
    throw badParameter(`${parameterPrefix}.next`, `cannot be combined with ${parameterPrefix}.prev`);
  }
  if (request.next !== undefined) return { offset: decodeToken(field, request.next, `${parameterPrefix}.next`), limit: request.limit };
  if (request.prev !== undefined) {
    const end = decodeToken(field, request.prev, `${parameterPrefix}.prev`);
    // Nothing lies before the start: no page has such a prev token.
    if (end === 0) throw badParameter(`${parameterPrefix}.prev`, 'invalid page token');
    return { offset: Math.max(0, end - request.limit), limit: Math.min(request.limit, end), requested: request.limit };
  }
  return { offset: 0, limit: request.limit };
}

export function tokenPage<T>(field: string, paging: Paging, total: number, data: T[]) {
  const end = paging.offset + data.length;
  return {
    limit: paging.requested ?? paging.limit,
    offset: paging.offset,
    size: exact(total),
    ...(end < total ? { next: encodeToken(field, end) } : {}),
    ...(paging.offset > 0 ? { prev: encodeToken(field, paging.offset) } : {}),
    data,
  };
}
