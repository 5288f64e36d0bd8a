import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { readLines } from '../../src/ingest/reader';

const lines = Array.from({ length: 2000 }, (_, i) => JSON.stringify({ kind: 'source', id: `s-${i}`, label: 'x' })).join('\n');

async function readAll(file: string): Promise<number> {
  let n = 0;
  for await (const _ of readLines(file)) n += 1;
  return n;
}

describe('gzip input', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reader-test-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('a whole gzip file reads every line', async () => {
    const file = path.join(dir, 'whole.ndjson.gz');
    fs.writeFileSync(file, zlib.gzipSync(lines));
    expect(await readAll(file)).toBe(2000);
  });

  test('a truncated one fails naming the file and the gzip stream, not just "unexpected end of file"', async () => {
    const file = path.join(dir, 'cut.ndjson.gz');
    fs.writeFileSync(file, zlib.gzipSync(lines).subarray(0, 300));
    await expect(readAll(file)).rejects.toThrow(`${file}: the gzip stream is damaged or truncated (unexpected end of file)`);
  });
});
