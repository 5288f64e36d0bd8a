/**
 * Read-your-writes across instances on a Neo4j cluster, for the routes of project state (tags
 * in CAUSAL_TAGS): the call runs in a causal context (src/graph/bookmarks.ts) that starts its
 * Neo4j sessions after the bookmarks of the client's last write (BookmarkStore, in Redis), and
 * stores the bookmarks of each write it commits before it answers. Redis away or slow (over
 * REDIS_TIMEOUT_MS): the call goes on without bookmarks, as on one Neo4j server.
 */
import type { RequestHandler } from 'express';
import type { BookmarkStore } from '../../feeds/bookmarks';
import { withCausalContext } from '../../graph/bookmarks';
import type { AfterAuth } from '../registry';
import { principalOf } from './respond';
import { withTimeout } from '../../timeout';

/** Route tags whose reads follow the same client's writes: projects, their entities, attributes, notifications. */
export const CAUSAL_TAGS: ReadonlySet<string> = new Set(['projects', 'attribute', 'notifications', 'resolve']);

const REDIS_TIMEOUT_MS = 500;

export function bookmarkMiddleware(store: BookmarkStore): AfterAuth {
  return (spec): RequestHandler => {
    if (!CAUSAL_TAGS.has(spec.tag)) return (_req, _res, next) => next();
    return (req, _res, next) => {
      const principal = principalOf(req);
      if (!principal) return next();
      const client = principal.client_id || `${principal.org}/${principal.user}`;
      const warn = (what: string) => (err: Error) => req.log?.warn({ err: err.message }, what);
      withTimeout(store.get(client), REDIS_TIMEOUT_MS, 'Redis').catch((err: Error) => {
        warn('bookmarks not read')(err);
        return [] as string[];
      }).then((bookmarks) => withCausalContext({
        bookmarks,
        written: (latest) => withTimeout(store.put(client, latest), REDIS_TIMEOUT_MS, 'Redis').catch(warn('bookmarks not kept')),
      }, () => next()));
    };
  };
}
