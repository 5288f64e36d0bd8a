/**
 * The Neo4j bookmarks of each client's last write, in Redis for BOOKMARK_TTL_MS, so that the
 * client's next read on any API instance waits for that write on a Neo4j cluster secondary.
 * - `bookmark:<client>`: JSON array of bookmark strings, replaced by each write.
 */
import type { RedisClient } from './redis';

/** How long a write's bookmarks are kept: a read later than this finds its write applied anyway. */
export const BOOKMARK_TTL_MS = 60_000;

const key = (client: string) => `bookmark:${encodeURIComponent(client)}`;

export class BookmarkStore {
  constructor(private readonly redis: RedisClient) {}

  async get(client: string): Promise<string[]> {
    const raw = await this.redis.get(key(client));
    if (!raw) return [];
    try {
      const parsed = JSON.parse(raw) as unknown;
      return Array.isArray(parsed) ? parsed.filter((b): b is string => typeof b === 'string') : [];
    } catch {
      return [];
    }
  }

  async put(client: string, bookmarks: string[]): Promise<void> {
    if (bookmarks.length) await this.redis.set(key(client), JSON.stringify(bookmarks), 'PX', BOOKMARK_TTL_MS);
  }
}
