/** Who is calling: the authenticated client, its user and its organisation (every read and write is scoped to `org`). */
export interface Principal { user: string; org: string; client_id: string }
