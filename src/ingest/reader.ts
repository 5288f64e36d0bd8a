/** Line sources for ingest: a file (plain or gzip, detected by its magic bytes) or stdin. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

export interface NumberedLine { no: number; text: string }

function isGzip(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const magic = Buffer.alloc(2);
    return fs.readSync(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    fs.closeSync(fd);
  }
}

/** Non-blank lines of `file`, numbered from 1 as an editor shows them. */
export async function* readLines(file: string): AsyncGenerator<NumberedLine> {
  const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  let input: NodeJS.ReadableStream = raw;
  if (isGzip(file)) {
    const gunzip = zlib.createGunzip();
    // Attached before readline's own listener, so the error it throws says what was wrong.
    gunzip.on('error', (err) => {
      err.message = `${file}: the gzip stream is damaged or truncated (${err.message})`;
    });
    input = raw.pipe(gunzip);
  }
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  let no = 0;
  for await (const line of lines) {
    no += 1;
    // A byte-order mark, which some Windows tools write, is not part of the first line's JSON.
    const text = no === 1 && line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
    if (text.trim() !== '') yield { no, text };
  }
}

/** Ingest reads a file twice (check, then write), so stdin is first copied to a temporary file. */
export async function spoolStdin(): Promise<{ file: string; cleanup: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-ingest-'));
  const file = path.join(dir, 'stdin.ndjson');
  await pipeline(process.stdin, fs.createWriteStream(file));
  return { file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
