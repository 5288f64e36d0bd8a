/** Source ids as full-text index tokens (the sx_source property of entities and records). */
import { createHash } from 'node:crypto';

/**
 * A source id as one index token: the record index's analyzer would split `ua-nsdc` into
 * `ua` and `nsdc` (so a filter on `nsdc` would match it); a hash is a single word that only
 * that id has.
 */
export const sourceToken = (sourceId: string): string => `s${createHash('sha1').update(sourceId).digest('hex')}`;

/** sx_source of an Entity node: the ids of the sources of its records, one token each (source filter). */
export const entitySourceTokens = (sourceIds: readonly string[]): string => [...sourceIds].sort().map(sourceToken).join(' ');
