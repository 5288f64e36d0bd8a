/**
 * Which webhook targets may be called: http or https URLs without credentials whose host, and
 * every address it resolves to, lies outside the loopback, private, link-local, unique-local and
 * other non-public ranges, unless configuration allows private targets (WEBHOOK_ALLOW_PRIVATE).
 * A webhook URL is chosen by a client, so an unchecked one would let it reach the service's own
 * network. The check runs when a subscription is saved and again at each attempt, through the
 * connection's own DNS lookup (`guardedLookup`), so a name that changes its address is caught.
 */
import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

const BLOCKED = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) BLOCKED.addSubnet(prefix, bits, 'ipv6');

/** The IPv4 address an IPv4-mapped, -compatible or NAT64 IPv6 address carries, else undefined. */
function embeddedIpv4(address: string): string | undefined {
  const m = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return m[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** True for an address no webhook may reach unless private targets are allowed. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address.toLowerCase());
  return v4 !== undefined ? BLOCKED.check(v4, 'ipv4') : BLOCKED.check(address, 'ipv6');
}

export class TargetRefused extends Error {}

/** Checks the URL's form; returns it parsed, or throws TargetRefused with the reason. */
export function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetRefused('must be an http or https URL');
  if (url.username || url.password) throw new TargetRefused('must not carry a user name or password');
  if (!url.hostname) throw new TargetRefused('must name a host');
  return url;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Every address `host` resolves to (the host itself when it is an address). */
async function addressesOf(host: string): Promise<string[]> {
  if (net.isIP(host)) return [host];
  try {
    return (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch (err) {
    throw new TargetRefused(`host ${JSON.stringify(host)} does not resolve (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** Throws TargetRefused unless the URL may be called under `allowPrivate`. */
export async function checkTarget(raw: string, allowPrivate: boolean): Promise<URL> {
  const url = parseTarget(raw);
  if (allowPrivate) return url;
  const host = hostOf(url);
  const blocked = (await addressesOf(host)).filter(isPrivateAddress);
  if (blocked.length) throw new TargetRefused(`host ${JSON.stringify(host)} resolves to a loopback, private or link-local address (${blocked.join(', ')}); such targets are refused`);
  return url;
}

/**
 * A `lookup` for http.request that refuses a name resolving to any private address, so the
 * address connected to is the one checked (no second resolution between check and connect).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const blocked = allowPrivate ? [] : list.filter((a) => isPrivateAddress(a.address));
      if (blocked.length || !list.length) {
        return callback(new TargetRefused(`host ${JSON.stringify(hostname)} resolves to a private address (${blocked.map((a) => a.address).join(', ')})`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}
