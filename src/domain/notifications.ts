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

/** ProjectNotificationData as the feed stores and serves it. */
export interface ProjectNotificationData extends EntityRiskChange { resource_id: string; custom_fields?: Record<string, string> }

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
