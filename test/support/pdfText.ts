/**
 * The text of a PDF, page by page, and its document info, as pdf.js (pdfjs-dist, Mozilla's
 * reader) extracts them. It runs in a child process: pdf.js is an ES module, which jest's
 * CommonJS runtime does not load.
 */
import { execFile } from 'node:child_process';
import { REPO } from './env';

const EXTRACT = `
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
const pages = [];
for (let i = 1; i <= doc.numPages; i++) {
  const content = await (await doc.getPage(i)).getTextContent();
  pages.push(content.items.map((item) => item.str + (item.hasEOL ? '\\n' : '')).join(''));
}
const { info } = await doc.getMetadata();
process.stdout.write(JSON.stringify({ pages, info }));
`;

export interface PdfText { pages: string[]; info: Record<string, unknown> }

export function pdfText(pdf: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--input-type=module', '-e', EXTRACT], { cwd: REPO, maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      err ? reject(new Error(`pdf.js could not read the PDF: ${stderr || err.message}`)) : resolve(JSON.parse(stdout) as PdfText));
    child.stdin!.end(pdf);
  });
}
