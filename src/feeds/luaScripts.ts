/**
 * Every Redis Lua script lives in redis/<name>.lua and is loaded by name, as Cypher statements
 * are from cypher/. Each file opens with `--` lines stating its KEYS and ARGV; every key a
 * script touches is passed in KEYS, so a script runs unchanged on a Redis Cluster when its
 * keys share a slot.
 */
import fs from 'node:fs';
import path from 'node:path';

export const REDIS_DIR = path.resolve(__dirname, '..', '..', '..', 'redis');

const cache = new Map<string, string>();

/** The text of redis/<name>.lua (read once). */
export function luaScript(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = fs.readFileSync(path.join(REDIS_DIR, `${name}.lua`), 'utf8');
    cache.set(name, text);
  }
  return text;
}
