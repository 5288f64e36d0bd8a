/**
 * OAuth 2.0 client credentials with HS256 JWT access tokens. Client secrets are stored as
 * scrypt hashes and compared in constant time; tokens are checked for signature, expiry,
 * audience and issuer, and only HS256 is accepted (so `alg: none` and RS/ES confusion fail).
 */
import { KeyObject, createSecretKey, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import jwt from 'jsonwebtoken';
import type { Config } from '../config';

export interface Client { client_id: string; secret_hash: string; user: string; org: string }
export interface Principal { user: string; org: string; client_id: string }

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 };

export function hashSecret(secret: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(secret, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export function verifySecret(secret: string, stored: string): boolean {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(secret, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}

export const DEV_CLIENT = { client_id: 'dev', secret: 'dev-secret', user: 'dev-user', org: 'dev-org' };

/** Clients from AUTH_CLIENTS, or outside production the development client `dev` / `dev-secret`. */
export function loadClients(config: Config, warn: (msg: string) => void): Map<string, Client> {
  const clients = new Map<string, Client>();
  if (config.authClientsFile) {
    const list = JSON.parse(fs.readFileSync(config.authClientsFile, 'utf8')) as Client[];
    if (!Array.isArray(list)) throw new Error(`AUTH_CLIENTS ${config.authClientsFile}: expected a JSON array of clients`);
    for (const c of list) {
      if (!c.client_id || !c.secret_hash || !c.user || !c.org) {
        throw new Error(`AUTH_CLIENTS ${config.authClientsFile}: each client needs client_id, secret_hash, user and org`);
      }
      clients.set(c.client_id, c);
    }
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
  authenticateClient(clientId: string, secret: string): Principal | undefined {
    const client = this.clients.get(clientId);
    const ok = verifySecret(secret, client?.secret_hash ?? this.decoyHash);
    return ok && client ? { user: client.user, org: client.org, client_id: client.client_id } : undefined;
  }

  issueToken(principal: Principal): { access_token: string; expires_in: number; token_type: 'Bearer' } {
    const { issuer, ttlSeconds } = this.config.jwt;
    const access_token = jwt.sign({ org: principal.org, client_id: principal.client_id }, this.key, {
      algorithm: 'HS256', subject: principal.user, audience: this.config.serviceDomain, issuer, expiresIn: ttlSeconds,
    });
    return { access_token, expires_in: ttlSeconds, token_type: 'Bearer' };
  }

  /** The principal of a valid token, or undefined for any failure. */
  verifyToken(token: string): Principal | undefined {
    try {
      const claims = jwt.verify(token, this.key, {
        algorithms: ['HS256'], audience: this.config.serviceDomain, issuer: this.config.jwt.issuer,
      });
      if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.org !== 'string') return undefined;
      return { user: claims.sub, org: claims.org, client_id: String(claims.client_id ?? '') };
    } catch {
      return undefined;
    }
  }
}
