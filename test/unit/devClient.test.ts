/** AuthService.devClient: the explorer's one-click sign-in exists only outside production, with the published secret. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { AuthService, DEV_CLIENT, hashSecret, loadClients } from '../../src/services/auth';

const quiet = () => undefined;
const service = (env: Record<string, string>) => {
  const config = loadConfig(env);
  return new AuthService(config, loadClients(config, quiet));
};

test('outside production the development client is offered', async () => {
  expect(await service({ NODE_ENV: 'development' }).devClient()).toEqual({ client_id: DEV_CLIENT.client_id, client_secret: DEV_CLIENT.secret });
});

test('in production it is never offered', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clients-')), 'clients.json');
  fs.writeFileSync(file, JSON.stringify([{ client_id: 'dev', secret_hash: hashSecret(DEV_CLIENT.secret), user: 'u', org: 'o' }]));
  const env = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), AUTH_CLIENTS: file };
  expect(await service(env).devClient()).toBeUndefined();
});

test('a client named dev with another secret is not offered', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clients-')), 'clients.json');
  fs.writeFileSync(file, JSON.stringify([{ client_id: 'dev', secret_hash: hashSecret('something-else'), user: 'u', org: 'o' }]));
  expect(await service({ NODE_ENV: 'development', AUTH_CLIENTS: file }).devClient()).toBeUndefined();
});
