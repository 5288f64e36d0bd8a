/**
 * Webhook signing agrees with the standardwebhooks library, secrets are checked, the address
 * ranges a webhook may not reach are recognised (IPv4, IPv6 and IPv4 inside IPv6), and the
 * retry schedule spans about a day.
 */
import { Webhook } from 'standardwebhooks';
import { generateSecret, secretProblem, sign, signedHeaders } from '../../src/services/webhooks/signing';
import { Subscription, signingSecrets } from '../../src/feeds/webhooks';
import { isPrivateAddress, parseTarget } from '../../src/services/webhooks/targets';
import { webhookRetryDelayMs } from '../../src/workers/webhookJob';
import { loadConfig } from '../../src/config';

test('signatures are the ones the standardwebhooks library makes and accepts', () => {
  const secret = generateSecret();
  expect(secretProblem(secret)).toBeUndefined();
  const at = new Date(Date.UTC(2026, 10, 27, 6, 0, 0));
  const body = '{"type":"risk.changed","data":{"é":1}}';
  const ours = sign(secret, 'msg_1', at.getTime() / 1000, body);
  expect(ours).toBe(new Webhook(secret).sign('msg_1', at, body));
  expect(new Webhook(secret).verify(body, { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': sign(secret, 'msg_1', Math.floor(Date.now() / 1000), body) })).toBeTruthy();
});

test('after a rotation: one space-separated signature per secret, the current first; each secret verifies on its own', () => {
  const [current, old] = [generateSecret(), generateSecret()];
  const now = Date.now();
  const sub = { secret: current, previous_secrets: [{ secret: old, expires: new Date(now + 60_000).toISOString() }, { secret: generateSecret(), expires: new Date(now - 1).toISOString() }] } as Subscription;
  expect(signingSecrets(sub, now)).toEqual([current, old]);
  const body = '{"type":"upload.finished"}';
  const headers = signedHeaders(signingSecrets(sub, now), 'msg_2', body, now);
  const ts = Math.floor(now / 1000);
  expect(headers['webhook-signature']).toBe(`${sign(current, 'msg_2', ts, body)} ${sign(old, 'msg_2', ts, body)}`);
  for (const secret of [current, old]) expect(new Webhook(secret).verify(body, headers)).toBeTruthy();
  expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow();
  expect(signedHeaders(current, 'msg_2', body, now)['webhook-signature']).toBe(sign(current, 'msg_2', ts, body));
});

test('secrets: whsec_ and base64 of 24 to 64 bytes', () => {
  expect(secretProblem('abc')).toMatch(/whsec_/);
  expect(secretProblem('whsec_!!!!')).toMatch(/base64/);
  expect(secretProblem(`whsec_${Buffer.alloc(16).toString('base64')}`)).toMatch(/24 to 64/);
  expect(secretProblem(`whsec_${Buffer.alloc(65).toString('base64')}`)).toMatch(/24 to 64/);
  expect(secretProblem(`whsec_${Buffer.alloc(24).toString('base64')}`)).toBeUndefined();
});

test('private, loopback, link-local and unique-local addresses are recognised; public ones are not', () => {
  for (const a of ['127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255',
    '::1', '::', 'fe80::1', 'fd12:3456::1', 'fc00::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a00:1', 'not an address']) {
    expect([a, isPrivateAddress(a)]).toEqual([a, true]);
  }
  for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
    expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  }
});

test('target URLs: http or https, no credentials', () => {
  expect(parseTarget('https://hooks.example.com/x?y=1').href).toBe('https://hooks.example.com/x?y=1');
  expect(() => parseTarget('ftp://example.com/')).toThrow(/http or https/);
  expect(() => parseTarget('https://a:b@example.com/')).toThrow(/user name/);
  expect(() => parseTarget('/relative')).toThrow(/absolute/);
});

test('the default retry schedule: 10 attempts over about 24 hours', () => {
  const { attempts, retryBaseMs } = loadConfig({ NODE_ENV: 'test' }).webhooks;
  let total = 0;
  for (let made = 1; made < attempts; made++) total += webhookRetryDelayMs(made, retryBaseMs);
  expect(total / 3_600_000).toBeGreaterThan(23);
  expect(total / 3_600_000).toBeLessThan(26);
  expect(webhookRetryDelayMs(1, retryBaseMs)).toBe(60_000);
  expect(webhookRetryDelayMs(20, retryBaseMs)).toBe(6 * 3_600_000);
});
