/**
 * Runs a converter over an input file and writes the ingest lines to a temporary NDJSON file,
 * which the ingest then writes like any other (the same checks, upserts, the same one
 * transaction a file): so an import is idempotent and leaves nothing half-written. Each line is
 * checked as it is written (ingest/check LineCheck), so the ingest does not read the file twice.
 *
 * Input: JSON lines, or one JSON array (BODS publishes both), plain or gzip. Items are
 * numbered as an editor shows lines for JSON lines, and from 1 in order for an array.
 */
import { hash as digest } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { once } from 'node:events';
import { LineCheck } from '../ingest/check';
import { readLines } from '../ingest/reader';
import type { BadLine } from '../ingest/ingest';
import { relationshipKey } from '../ingest/rows';
import { checkLine, type IngestLine } from '../ingest/validate';
import type { Converter, InputItem, ItemKey } from './common';

/**
 * What a claim's lines write: entity ids, record ids, relationship facts by key with their `from`
 * entity, and the direct risk factors only that claim gives its entities (ItemKey.factors).
 */
export interface Produced { entities: string[]; records: string[]; rel_keys: string[]; rel_from: string[]; factors: string[] }

/**
 * The state of one claim of an input item (Converter.keysOf) against the last import: its key,
 * scope, root and group, the hash of the lines the item converts to and what the claim writes.
 */
export interface ItemState {
  no: number; key: string; scope: string; root?: string; group?: string; hash: string; status: 'added' | 'changed' | 'unchanged'; produced: Produced;
  /** An unchanged item whose release state is in the layout of earlier versions (./releases moves it to the current one). */
  legacy?: boolean;
}

/** What the last import saved of an item: its hash, and whether in the layout of earlier versions. */
export interface EarlierItem { hash: string; legacy: boolean }

/** What `claim` writes of the item's `produced`: all of it but the records the item's other claims name as their own. */
function claimOf(produced: Produced, claim: ItemKey, claims: ItemKey[]): Produced {
  const factors = claim.factors ?? [];
  if (claims.length < 2) return { ...produced, factors };
  const others = new Set(claims.flatMap((c) => (c === claim ? [] : c.records ?? [])));
  const own = new Set(claim.records ?? []);
  return { ...produced, records: produced.records.filter((id) => own.has(id) || !others.has(id)), factors };
}

function producedBy(lines: IngestLine[]): Produced {
  const out: Produced = { entities: [], records: [], rel_keys: [], rel_from: [], factors: [] };
  for (const line of lines) {
    if (line.kind === 'entity') out.entities.push(line.id);
    else if (line.kind === 'record') out.records.push(line.id);
    else if (line.kind === 'relationship') {
      out.rel_keys.push(relationshipKey(line));
      out.rel_from.push(line.from);
    }
  }
  return out;
}

export interface Conversion {
  /** Every converted item's state; the lines of unchanged items are not in `file`. */
  states: ItemState[];
  counts: { added: number; changed: number; unchanged: number };
  /** The NDJSON file to ingest. */
  file: string;
  /** The input item each line of `file` came from (line n of the file is lineOf[n - 1]). */
  lineOf: number[];
  /** Input items that could not be converted, with their numbers. */
  bad: BadLine[];
  /** The lines of `file` checked as they were written: the ingest's pass 1 needs only look their references up. */
  checked: LineCheck;
  items: number;
  cleanup: () => void;
}

/** Whether the file (plain or gzip) holds a JSON array: its first non-blank character, from the first 64 KiB read, not the whole file. */
async function startsWithArray(file: string): Promise<boolean> {
  const fd = fs.openSync(file, 'r');
  const magic = Buffer.alloc(2);
  const isGzip = fs.readSync(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  fs.closeSync(fd);
  const raw = fs.createReadStream(file, { start: 0, end: isGzip ? undefined : 65_535 });
  const input: NodeJS.ReadableStream = isGzip ? raw.pipe(zlib.createGunzip()) : raw;
  let text = '';
  try {
    for await (const chunk of input) {
      text += (chunk as Buffer).toString('utf8');
      if (text.replace(/^\uFEFF/, '').trim() !== '' || text.length >= 65_536) break;
    }
  } catch {
    // A damaged gzip stream is reported by the line reader.
  } finally {
    raw.destroy();
  }
  return text.replace(/^\uFEFF/, '').trimStart().startsWith('[');
}

/** The items of `file`; a JSON array is read whole (BODS publishes arrays of modest size, large registers as JSON lines). */
async function* readItems(file: string, name: string): AsyncGenerator<InputItem | { no: number; error: string }> {
  if (await startsWithArray(file)) {
    const raw = fs.readFileSync(file);
    const text = (raw[0] === 0x1f && raw[1] === 0x8b ? zlib.gunzipSync(raw) : raw).toString('utf8').replace(/^\uFEFF/, '');
    let array: unknown;
    try {
      array = JSON.parse(text);
    } catch (e) {
      yield { no: 1, error: `${name}: not valid JSON (${(e as Error).message})` };
      return;
    }
    if (!Array.isArray(array)) return;
    for (const [i, value] of array.entries()) yield { no: i + 1, value };
    return;
  }
  for await (const { no, text } of readLines(file)) {
    try {
      yield { no, value: JSON.parse(text) };
    } catch (e) {
      yield { no, error: `not valid JSON (${(e as Error).message})` };
    }
  }
}

/** Item keys a look-up of earlier hashes takes. */
const HASH_LOOKUP_BATCH = 10_000;
/** Look-ups under way at once: the first pass waits for the oldest beyond these (a large file must not fill the driver's pool). */
const HASH_LOOKUPS_AT_ONCE = 4;

/** Converts `file` (reported as `name`); `existing` answers which of some entity ids the graph holds. */
export async function convertFile(
  converter: Converter, file: string, name: string, existing: (ids: string[]) => Promise<Set<string>>,
  previous: (claims: ItemKey[]) => Promise<Map<string, EarlierItem>> = async () => new Map(),
  roots: (keys: string[]) => Promise<Map<string, string>> = async () => new Map(),
  onProgress?: (items: number, itemsPerSecond: number) => void,
): Promise<Conversion> {
  const started = Date.now();
  let lastReport = started;
  // The hashes of earlier imports are looked up a batch at a time while the first pass goes on.
  const lookups: Promise<Map<string, EarlierItem>>[] = [];
  let keys: ItemKey[] = [];
  const lookUp = () => {
    const pending = previous(keys);
    pending.catch(() => undefined); // awaited below; a failure surfaces there
    lookups.push(pending);
    keys = [];
  };
  // Keys met on more than one line: such an item is written whole every time (below).
  const seenKeys = new Set<string>();
  const repeatedKeys = new Set<string>();
  for await (const item of readItems(file, name)) {
    if ('error' in item) continue;
    converter.collect(item);
    for (const claim of converter.keysOf(item)) {
      keys.push(claim);
      if (seenKeys.has(claim.key)) repeatedKeys.add(claim.key);
      seenKeys.add(claim.key);
    }
    if (keys.length >= HASH_LOOKUP_BATCH) {
      lookUp();
      if (lookups.length > HASH_LOOKUPS_AT_ONCE) await lookups[lookups.length - 1 - HASH_LOOKUPS_AT_ONCE].catch(() => undefined);
    }
  }
  lookUp();
  await converter.resolve?.(existing, roots);
  const earlier = new Map<string, EarlierItem>();
  for (const found of await Promise.all(lookups)) for (const [key, item] of found) earlier.set(key, item);
  const states: ItemState[] = [];
  const counts = { added: 0, changed: 0, unchanged: 0 };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-import-'));
  const out = path.join(dir, 'converted.ndjson');
  const stream = fs.createWriteStream(out);
  const lineOf: number[] = [];
  const bad: BadLine[] = [];
  // Lines go out in chunks of about 64 KiB: a stream write per line costs more than the line.
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    pendingLength = 0;
    if (!stream.write(chunk)) await once(stream, 'drain');
  };
  /** Buffers `text`; a promise only when the buffer went out (most lines need no await). */
  const write = (text: string): Promise<void> | undefined => {
    pending.push(text);
    pendingLength += text.length;
    return pendingLength >= 65_536 ? flush() : undefined;
  };
  const checked = new LineCheck();
  for (const line of converter.preamble()) {
    const text = JSON.stringify(line);
    lineOf.push(0);
    checked.add(lineOf.length, checkLine(line, text));
    await write(`${text}\n`);
  }
  let items = 0;
  for await (const item of readItems(file, name)) {
    items += 1;
    // Every 2 s or so, as the ingest reports its own passes.
    if (onProgress && Date.now() - lastReport > 2000) {
      lastReport = Date.now();
      onProgress(items, (items * 1000) / (lastReport - started));
    }
    if ('error' in item) {
      bad.push({ file: name, line: item.no, reason: item.error });
      continue;
    }
    const lines = converter.convert(item);
    if ('error' in lines) {
      bad.push({ file: name, line: item.no, reason: lines.error });
      continue;
    }
    const texts = lines.map((line) => JSON.stringify(line));
    const text = texts.join('\n');
    const claims = converter.keysOf(item);
    const hash = digest('sha1', text, 'base64url');
    const produced = producedBy(lines);
    let unchanged = true;
    for (const claim of claims) {
      const before = earlier.get(claim.key);
      // An item on several lines of the file is rewritten from all of them, in order, so the
      // last line holds as on its first import; comparing each line with the one hash saved
      // (the last line's) would write the earlier lines alone.
      const status = before === undefined ? 'added' : before.hash === hash && !repeatedKeys.has(claim.key) ? 'unchanged' : 'changed';
      counts[status] += 1;
      if (status !== 'unchanged') unchanged = false;
      const { key, scope, root, group } = claim;
      const state: ItemState = { no: item.no, key, scope, root, group, hash, status, produced: claimOf(produced, claim, claims) };
      if (status === 'unchanged' && before?.legacy) state.legacy = true;
      states.push(state);
    }
    // An item that converts to what the graph got from it last time is not written again.
    if (unchanged) continue;
    if (lines.length === 0) continue;
    for (let i = 0; i < lines.length; i++) {
      lineOf.push(item.no);
      checked.add(lineOf.length, checkLine(lines[i], texts[i]));
    }
    const out = write(`${text}\n`);
    if (out) await out;
  }
  await flush();
  stream.end();
  await once(stream, 'finish');
  return { file: out, lineOf, bad, checked, items, states, counts, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
