/**
 * Risk changes of project entities (the newer client's `getProjectRiskChanges`) in Redis, per
 * project: one entry per risk factor added to or removed from a project entity's matched
 * entity, with its date.
 * - `riskchanges:project:<id>`: sorted set of change ids, score = date (epoch ms);
 * - `riskchanges:project:<id>:items`: hash, change id -> RiskChangeItem JSON;
 * - `riskchanges:project:<id>:deleted`: change ids deleted by a user, so that a notification
 *   delivered again (delivery is at least once) does not bring them back.
 * Change ids are the notification id with the factor and the kind of change, so recording the
 * same notification twice stores each change once. The newest MAX_PER_PROJECT are kept.
 */
import { luaScript } from './luaScripts';
import { slotTag, type RedisClient } from './redis';

export const MAX_PER_PROJECT = 10_000;

export interface RiskChangeItem { change_id: string; project_entity_id: string; id: string; timestamp: string; change_type: 'added' | 'removed' }

const indexKey = (r: RedisClient, projectId: string) => `riskchanges:project:${slotTag(r, encodeURIComponent(projectId))}`;
const itemsKey = (r: RedisClient, projectId: string) => `${indexKey(r, projectId)}:items`;
const deletedKey = (r: RedisClient, projectId: string) => `${indexKey(r, projectId)}:deleted`;

const RECORD = luaScript('deliver-capped');

type RecordRedis = RedisClient & { recordRiskChanges(index: string, items: string, deleted: string, ...args: (string | number)[]): Promise<number> };

/** A delivered project notification, as far as risk changes need it. */
export interface DeliveredChange {
  id: string;
  projectId: string;
  data: { resource_id: string; risk_notifications: { added: string[]; removed: string[]; date: string } };
}

export class RiskChangeStore {
  private readonly redis: RecordRedis;

  constructor(redis: RedisClient, private readonly maxPerProject = MAX_PER_PROJECT) {
    const withCommand = redis as unknown as RecordRedis;
    if (typeof withCommand.recordRiskChanges !== 'function') redis.defineCommand('recordRiskChanges', { numberOfKeys: 3, lua: RECORD });
    this.redis = withCommand;
  }

  /** Idempotent: a notification recorded twice stores its changes once; a deleted change is not stored again. */
  async record(items: DeliveredChange[]): Promise<void> {
    const byProject = new Map<string, string[]>();
    for (const item of items) {
      const { added, removed, date } = item.data.risk_notifications;
      const args = byProject.get(item.projectId) ?? [];
      for (const [kind, factors] of [['added', added], ['removed', removed]] as const) {
        for (const factor of factors) {
          const changeId = `${item.id}/${factor}/${kind}`;
          const entry: RiskChangeItem = { change_id: changeId, project_entity_id: item.data.resource_id, id: factor, timestamp: date, change_type: kind };
          args.push(changeId, String(Date.parse(date) || 0), JSON.stringify(entry));
        }
      }
      byProject.set(item.projectId, args);
    }
    for (const [projectId, args] of byProject) {
      if (args.length) await this.redis.recordRiskChanges(indexKey(this.redis, projectId), itemsKey(this.redis, projectId), deletedKey(this.redis, projectId), String(this.maxPerProject), ...args);
    }
  }

  /** Every kept change of the project, oldest first. */
  async all(projectId: string): Promise<RiskChangeItem[]> {
    const ids = await this.redis.zrange(indexKey(this.redis, projectId), '0', '-1');
    if (!ids.length) return [];
    const values = await this.redis.hmget(itemsKey(this.redis, projectId), ...ids);
    return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as RiskChangeItem);
  }

  /** Deletes the changes, remembering their ids so they are not recorded again. */
  async delete(projectId: string, changeIds: string[]): Promise<number> {
    if (!changeIds.length) return 0;
    const [[, removed]] = (await this.redis.multi()
      .zrem(indexKey(this.redis, projectId), ...changeIds)
      .hdel(itemsKey(this.redis, projectId), ...changeIds)
      .sadd(deletedKey(this.redis, projectId), ...changeIds)
      .exec()) as [[null, number], ...unknown[]];
    return removed;
  }
}
