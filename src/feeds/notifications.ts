/**
 * Project notifications (GET/DELETE /v1/notifications/projects/{id}) in Redis, per project:
 * - `notifications:project:<id>`: sorted set of notification ids, score = date (epoch ms);
 * - `notifications:project:<id>:items`: hash, notification id -> ProjectNotificationData JSON.
 * The newest MAX_PER_PROJECT are kept. Notification ids are deterministic
 * (`<project entity>/<entity>/<risk state version>`, see cypher/risk.cypher apply-scores),
 * and delivery adds an id only when it is absent, in one Lua script, so delivering the same
 * notification again (a worker that died after delivery, before clearing its outbox) stores
 * it once.
 */
import type { NotificationFeedReader, NotificationSink, ProjectNotificationData, RiskValue } from '../domain/notifications';
import { luaScript } from './luaScripts';
import { slotTag, type RedisClient } from './redis';

export const MAX_PER_PROJECT = 10_000;

const indexKey = (r: RedisClient, projectId: string) => `notifications:project:${slotTag(r, encodeURIComponent(projectId))}`;
const itemsKey = (r: RedisClient, projectId: string) => `${indexKey(r, projectId)}:items`;

const DELIVER = luaScript('deliver-capped');

type DeliverRedis = RedisClient & { deliverNotifications(index: string, items: string, ...args: (string | number)[]): Promise<number> };

export class NotificationFeed implements NotificationSink, NotificationFeedReader {
  private readonly redis: DeliverRedis;

  constructor(redis: RedisClient, private readonly maxPerProject = MAX_PER_PROJECT) {
    const withCommand = redis as unknown as DeliverRedis;
    if (typeof withCommand.deliverNotifications !== 'function') redis.defineCommand('deliverNotifications', { numberOfKeys: 2, lua: DELIVER });
    this.redis = withCommand;
  }

  async deliver(items: { id: string; projectId: string; score: number; data: ProjectNotificationData }[]): Promise<void> {
    const byProject = new Map<string, typeof items>();
    for (const item of items) byProject.set(item.projectId, [...(byProject.get(item.projectId) ?? []), item]);
    for (const [projectId, list] of byProject) {
      const args = list.flatMap((i) => [i.id, i.score, JSON.stringify(i.data)]);
      await this.redis.deliverNotifications(indexKey(this.redis, projectId), itemsKey(this.redis, projectId), this.maxPerProject, ...args);
    }
  }

  /** Newest first; ties by id, descending. */
  async page(projectId: string, offset: number, limit: number): Promise<{ total: number; data: ProjectNotificationData[] }> {
    const [[, total], [, ids]] = (await this.redis
      .multi()
      .zcard(indexKey(this.redis, projectId))
      .zrevrange(indexKey(this.redis, projectId), offset, offset + limit - 1)
      .exec()) as [[null, number], [null, string[]]];
    if (!ids.length) return { total, data: [] };
    const values = await this.redis.hmget(itemsKey(this.redis, projectId), ...ids);
    return { total, data: values.filter((v): v is string => v !== null).map((v) => inClientShape(JSON.parse(v) as ProjectNotificationData)) };
  }

  async count(projectId: string): Promise<number> {
    return this.redis.zcard(indexKey(this.redis, projectId));
  }

  async clear(projectId: string): Promise<void> {
    await this.redis.del(indexKey(this.redis, projectId), itemsKey(this.redis, projectId));
  }

  /** Every notification of the project with its date (epoch ms), newest first. */
  async all(projectId: string): Promise<{ id: string; score: number; data: ProjectNotificationData }[]> {
    const flat = await this.redis.zrevrange(indexKey(this.redis, projectId), 0, -1, 'WITHSCORES');
    if (!flat.length) return [];
    const ids = flat.filter((_, i) => i % 2 === 0);
    const values = await this.redis.hmget(itemsKey(this.redis, projectId), ...ids);
    return ids.flatMap((id, i) => (values[i] === null ? [] : [{ id, score: Number(flat[2 * i + 1]), data: inClientShape(JSON.parse(values[i]!) as ProjectNotificationData) }]));
  }

  /** Removes the named notifications of the project; the count removed. */
  async remove(projectId: string, ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    const [[, removed]] = (await this.redis.multi().zrem(indexKey(this.redis, projectId), ...ids).hdel(itemsKey(this.redis, projectId), ...ids).exec()) as [[null, number], [null, number]];
    return removed;
  }
}

/**
 * Notifications stored before `values` held the client's scalars held the previous entry
 * itself ({value, metadata, level}); they are served in today's shape.
 */
function inClientShape(data: ProjectNotificationData): ProjectNotificationData {
  for (const n of data.notifications) {
    const [previous] = n.values as unknown[];
    if (previous !== null && typeof previous === 'object') {
      const entry = previous as RiskValue;
      n.values = [entry.value];
      n.additional_information ??= { properties: [], value: entry };
    }
  }
  return data;
}
