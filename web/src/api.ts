/**
 * The explorer's only way to the data: the public /v1 routes and /oauth/token, with the bearer
 * token kept in memory (never in storage) and dropped when it expires.
 */
export class ApiError extends Error {
  constructor(readonly status: number, message: string) { super(message); }
}

export interface ExplorerConfig { audience: string; dev_client: { client_id: string; client_secret: string } | null }

export type Query = Record<string, string | number | boolean | string[] | undefined>;

export class Api {
  private token: string | undefined;
  private expiry: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly onSignOut: (reason: string) => void) {}

  get signedIn(): boolean { return this.token !== undefined; }

  async config(): Promise<ExplorerConfig> {
    const res = await fetch('config.json', { credentials: 'omit' });
    return (await res.json()) as ExplorerConfig;
  }

  async signIn(clientId: string, secret: string, audience: string): Promise<void> {
    const res = await fetch('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: clientId, client_secret: secret, audience, grant_type: 'client_credentials' }),
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) throw new ApiError(res.status, errorText(body) ?? `sign-in failed (${res.status})`);
    this.token = body.access_token as string;
    const seconds = Number(body.expires_in);
    if (this.expiry) clearTimeout(this.expiry);
    // setTimeout holds at most 2^31-1 ms; a longer token is dropped then and asked for again.
    this.expiry = setTimeout(() => this.signOut('Your sign-in expired: sign in again.'), Math.min(seconds * 1000, 2 ** 31 - 1));
  }

  signOut(reason = ''): void {
    this.token = undefined;
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = undefined;
    this.onSignOut(reason);
  }

  async get<T = any>(path: string, query: Query = {}): Promise<T> {
    const res = await this.request(path + queryString(query), { headers: { accept: 'application/json' } });
    return (await res.json()) as T;
  }

  async post<T = any>(path: string, body: unknown): Promise<T> {
    const res = await this.request(path, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
    return (await res.json()) as T;
  }

  /** A representation other than JSON (the entity's PDF report or CSV). */
  async blob(path: string, accept: string): Promise<Blob> {
    const res = await this.request(path, { headers: { accept } });
    return res.blob();
  }

  private async request(path: string, init: RequestInit): Promise<Response> {
    if (!this.token) throw new ApiError(401, 'not signed in');
    const res = await fetch(path, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${this.token}` } });
    if (res.status === 401) {
      this.signOut('The API refused the token: sign in again.');
      throw new ApiError(401, 'signed out');
    }
    if (!res.ok) {
      const body = await res.json().catch(() => ({}));
      throw new ApiError(res.status, errorText(body) ?? `request failed (${res.status})`);
    }
    return res;
  }
}

export function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, v);
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function errorText(body: any): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  if (typeof body.error_description === 'string') return body.error_description;
  if (Array.isArray(body.messages)) return body.messages.join('; ');
  if (Array.isArray(body.message)) return body.message.join('; ');
  if (typeof body.message === 'string') return body.message;
  if (typeof body.error === 'string') return body.error;
  return undefined;
}
