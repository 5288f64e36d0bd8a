/**
 * Risk values and the project notifications a change of them makes: the shapes the scorer
 * derives, the feed stores and the routes serve, and the two ports the Redis feed implements.
 */

export interface RiskValue { value: string | number | boolean; metadata: { country: string[] }; level: string }
export type RiskMap = Record<string, RiskValue>;

/**
 * One changed field. `values` holds the previous value of the field as the published client
 * reads it (RiskValue: a string, number or boolean; `[]` for an added field); the previous
 * entry in full (value, metadata, level) is `additional_information.value`, since a change of
 * countries or level alone leaves the scalar as it was.
 */
export interface RiskNotification {
  type: 'risk';
  field: string;
  values: (string | number | boolean)[];
  date: string;
  additional_information?: { properties: unknown[]; value: RiskValue };
}
/** The entity part of ProjectNotificationData (resource_id is the project entity's id). */
export interface EntityRiskChange {
  entity_id: string;
  notifications: RiskNotification[];
  risk_notifications: { added: string[]; removed: string[]; date: string };
}

/**
 * A new article about the matched entity or one of its owners or controllers (monitoring of
 * adverse media): `entity_id` is the party the article names, `path` the steps from the matched
 * entity to it ([] when the article names the matched entity).
 */
export interface ArticleAlert {
  article_id: string; title: string; url: string; source: string; published: string; topics: string[]; risk_flags: string[];
  entity_id: string; path: { from: string; relationship: string; to: string }[];
}

/**
 * ProjectNotificationData as the feed stores and serves it. A notification of a new article
 * carries `adverse_media`, no risk entries (`notifications` and the risk lists empty), since the
 * published client reads every entry of `notifications` as a risk field.
 */
export interface ProjectNotificationData extends EntityRiskChange { resource_id: string; custom_fields?: Record<string, string>; adverse_media?: ArticleAlert }

/** Where notifications go once their risk change is committed (implemented in src/feeds/notifications.ts). */
export interface NotificationSink {
  /** Idempotent: an item id delivered twice is stored once. */
  deliver(items: { id: string; projectId: string; score: number; data: ProjectNotificationData }[]): Promise<void>;
}

/** The feed side the HTTP routes need (implemented in src/feeds/notifications.ts). */
export interface NotificationFeedReader {
  page(projectId: string, offset: number, limit: number): Promise<{ total: number; data: ProjectNotificationData[] }>;
  clear(projectId: string): Promise<void>;
}
