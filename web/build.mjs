/**
 * Bundles the explorer (web/src) into dist/web with esbuild: one script, one stylesheet and the
 * page, all served by the API at /explorer. Type checking is `tsc -p web` (esbuild only strips types).
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '..', 'dist', 'web');
fs.mkdirSync(out, { recursive: true });
await build({
  entryPoints: [path.join(here, 'src', 'main.ts')],
  bundle: true,
  minify: true,
  sourcemap: true,
  format: 'iife',
  target: ['chrome110', 'firefox115'],
  outfile: path.join(out, 'explorer.js'),
  logLevel: 'warning',
  legalComments: 'linked',
});
for (const file of ['index.html', 'explorer.css', 'favicon.svg']) fs.copyFileSync(path.join(here, file), path.join(out, file));
