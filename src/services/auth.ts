/**
 * OAuth 2.0 client credentials with HS256 JWT access tokens. Client secrets are stored as
 * scrypt hashes and compared in constant time; tokens are checked for signature, expiry,
 * audience and issuer, and only HS256 is accepted (so `alg: none` and RS/ES confusion fail).
 */
import { KeyObject, createSecretKey, randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import jwt from 'jsonwebtoken';
import type { Config } from '../config';

export interface Client { client_id: string; secret_hash: string; user: string; org: string }
import type { Principal } from '../domain/principal';

export type { Principal } from '../domain/principal';

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 };

export function hashSecret(secret: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(secret, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

const scryptAsync = promisify<string, Buffer, number, ScryptOptions, Buffer>(scrypt);

/**
 * Compares a presented secret with its stored hash. The hash runs on libuv's thread pool
 * (about 30 ms of CPU each): done on the event loop, a burst of token requests stalled
 * every other call.
 */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(secret, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}

export const DEV_CLIENT = { client_id: 'dev', secret: 'dev-secret', user: 'dev-user', org: 'dev-org' };

/**
 * Why a stored secret_hash cannot be used, or undefined when it can. Beyond the shape
 * `scrypt$N$r$p$salt$hash`, the parameters are tried once (per distinct N, r, p) with the
 * runtime's scrypt, so a hash that would fail at token time (e.g. N not a power of two,
 * or needing more memory than allowed) fails at start-up instead.
 */
export function secretHashProblem(stored: unknown, tried = new Set<string>()): string | undefined {
  if (typeof stored !== 'string') return 'must be a string (see `graph-api hash-secret`)';
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return 'must have the form scrypt$N$r$p$salt$hash (see `graph-api hash-secret`)';
  const [, n, r, p, salt, hash] = parts;
  for (const [name, value] of [['N', n], ['r', r], ['p', p]] as const) {
    if (!/^[1-9]\d{0,9}$/.test(value)) return `scrypt parameter ${name} must be a positive integer, got ${JSON.stringify(value)}`;
  }
  const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
  if (!base64.test(salt) || Buffer.from(salt, 'base64').length < 8) return 'salt must be base64 of at least 8 bytes';
  if (!base64.test(hash) || Buffer.from(hash, 'base64').length < 16) return 'hash must be base64 of at least 16 bytes';
  const key = `${n}$${r}$${p}`;
  if (!tried.has(key)) {
    try {
      scryptSync('', Buffer.alloc(16), 16, { N: Number(n), r: Number(r), p: Number(p) });
    } catch (err) {
      return `scrypt parameters N=${n}, r=${r}, p=${p} are not usable: ${(err as Error).message}`;
    }
    tried.add(key);
  }
  return undefined;
}

/**
 * Clients from AUTH_CLIENTS, or outside production the development client `dev` / `dev-secret`.
 * Every client is checked here, so a bad entry stops start-up with a message naming the
 * client and the field, instead of failing (500) when that client asks for a token.
 */
export function loadClients(config: Config, warn: (msg: string) => void): Map<string, Client> {
  const clients = new Map<string, Client>();
  if (config.authClientsFile) {
    const where = `AUTH_CLIENTS ${config.authClientsFile}`;
    let list: unknown;
    try {
      list = JSON.parse(fs.readFileSync(config.authClientsFile, 'utf8'));
    } catch (err) {
      throw new Error(`${where}: cannot read a JSON file (${(err as Error).message})`);
    }
    if (!Array.isArray(list)) throw new Error(`${where}: expected a JSON array of clients`);
    const tried = new Set<string>();
    list.forEach((entry: unknown, index) => {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new Error(`${where}: client #${index + 1}: expected an object`);
      const c = entry as Record<string, unknown>;
      const name = typeof c.client_id === 'string' && c.client_id ? `client ${JSON.stringify(c.client_id)}` : `client #${index + 1}`;
      for (const field of ['client_id', 'user', 'org'] as const) {
        if (typeof c[field] !== 'string' || !(c[field] as string).trim()) throw new Error(`${where}: ${name}: ${field} must be a non-empty string`);
      }
      const problem = secretHashProblem(c.secret_hash, tried);
      if (problem) throw new Error(`${where}: ${name}: secret_hash ${problem}`);
      if (clients.has(c.client_id as string)) throw new Error(`${where}: ${name}: client_id appears more than once`);
      clients.set(c.client_id as string, c as unknown as Client);
    });
  }
  if (config.env !== 'production' && !clients.has(DEV_CLIENT.client_id)) {
    warn(`development client "${DEV_CLIENT.client_id}" / "${DEV_CLIENT.secret}" is enabled (not in production)`);
    clients.set(DEV_CLIENT.client_id, { ...DEV_CLIENT, secret_hash: hashSecret(DEV_CLIENT.secret) });
  }
  return clients;
}

export class AuthService {
  /** Compared against when the client id is unknown, so both paths take the same time. */
  private readonly decoyHash = hashSecret(randomBytes(16).toString('hex'));
  /**
   * The signing key as a KeyObject made once: given a string, jsonwebtoken first tries to
   * parse it as a public key on every call, which costs more than the verification.
   */
  private readonly key: KeyObject;

  constructor(private readonly config: Config, private readonly clients: Map<string, Client>) {
    this.key = createSecretKey(Buffer.from(config.jwt.secret, 'utf8'));
  }

  /** The principal for valid credentials, or undefined. */
  async authenticateClient(clientId: string, secret: string): Promise<Principal | undefined> {
    const client = this.clients.get(clientId);
    const ok = await verifySecret(secret, client?.secret_hash ?? this.decoyHash);
    return ok && client ? { user: client.user, org: client.org, client_id: client.client_id } : undefined;
  }

  /**
   * The development client's credentials when it is enabled (outside production, with its
   * published secret), for the explorer's one-click sign-in; undefined otherwise.
   */
  async devClient(): Promise<{ client_id: string; client_secret: string } | undefined> {
    if (this.config.env === 'production') return undefined;
    const client = this.clients.get(DEV_CLIENT.client_id);
    if (!client || !(await verifySecret(DEV_CLIENT.secret, client.secret_hash))) return undefined;
    return { client_id: DEV_CLIENT.client_id, client_secret: DEV_CLIENT.secret };
  }

  issueToken(principal: Principal): { access_token: string; expires_in: number; token_type: 'Bearer' } {
    const { issuer, ttlSeconds } = this.config.jwt;
    const access_token = jwt.sign({ org: principal.org, client_id: principal.client_id }, this.key, {
      algorithm: 'HS256', subject: principal.user, audience: this.config.serviceDomain, issuer, expiresIn: ttlSeconds,
    });
    return { access_token, expires_in: ttlSeconds, token_type: 'Bearer' };
  }

  /**
   * Tokens already verified, until they expire: a client sends the same token with every call
   * for a day, and its signature and claims cannot change. Bounded; the oldest entry goes first.
   */
  private readonly verified = new Map<string, { principal: Principal; expiresAtMs: number }>();

  /** The principal of a valid token, or undefined for any failure. */
  verifyToken(token: string, nowMs = Date.now()): Principal | undefined {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > nowMs) return known.principal;
      this.verified.delete(token);
    }
    try {
      // A token lives at most the issued lifetime: one signed without `exp`, or with a later
      // one, is refused (maxAge counts from `iat`, which it requires).
      const claims = jwt.verify(token, this.key, {
        algorithms: ['HS256'], audience: this.config.serviceDomain, issuer: this.config.jwt.issuer,
        clockTimestamp: Math.floor(nowMs / 1000), maxAge: this.config.jwt.ttlSeconds,
      });
      if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.org !== 'string') return undefined;
      if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number' || claims.exp - claims.iat > this.config.jwt.ttlSeconds) return undefined;
      if (!withinLifetime(claims.iat, claims.exp, nowMs, this.config.jwt.ttlSeconds)) return undefined;
      const principal = { user: claims.sub, org: claims.org, client_id: String(claims.client_id ?? '') };
      // Cached until its expiry, never past it.
      if (typeof claims.nbf !== 'number') {
        if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { principal, expiresAtMs: claims.exp * 1000 });
      }
      return principal;
    } catch {
      return undefined;
    }
  }
}

const VERIFIED_TOKENS_KEPT = 10_000;

/** How far a token's `iat` may be ahead of this server's clock (seconds): the clocks of two hosts differ a little. */
export const CLOCK_SKEW_SECONDS = 60;

/**
 * A token issued now, give or take the clock skew: `iat` at most CLOCK_SKEW_SECONDS ahead and
 * `exp` at most the lifetime (plus the skew) after now. Without it a token stamped ten years
 * ahead, with `exp - iat` within the lifetime, would be good for ten years.
 */
export function withinLifetime(iat: number, exp: number, nowMs: number, ttlSeconds: number): boolean {
  const now = Math.floor(nowMs / 1000);
  return iat <= now + CLOCK_SKEW_SECONDS && exp <= now + ttlSeconds + CLOCK_SKEW_SECONDS;
}
