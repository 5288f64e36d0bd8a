/**
 * The graph explorer: a static page (bundled from web/ into dist/web by `npm run build`) served
 * at /explorer with a strict Content-Security-Policy. The page reaches data only through /v1.
 */
import path from 'node:path';
import express, { type Express } from 'express';
import type { Config } from '../config';
import type { AuthService } from '../services/auth';

/** Where web/build.mjs writes the bundle: dist/web, beside dist/src. */
export const EXPLORER_DIR = path.resolve(__dirname, '..', '..', 'web');

/**
 * Only same-origin scripts, styles, images and requests; no inline script or style element,
 * no frames, no forms posting elsewhere. `blob:`/`data:` images are the PNG export's.
 */
export const EXPLORER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Mounts /explorer before the token check: the page itself is public, its data is not. */
export function registerExplorer(app: Express, config: Config, auth: AuthService): void {
  const headers: express.RequestHandler = (_req, res, next) => {
    res.setHeader('Content-Security-Policy', EXPLORER_CSP);
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-cache');
    next();
  };
  // What the sign-in form needs: the token audience, and the development client outside production.
  app.get('/explorer/config.json', headers, async (_req, res, next) => {
    try {
      res.json({ audience: config.serviceDomain, dev_client: (await auth.devClient()) ?? null });
    } catch (err) {
      next(err);
    }
  });
  // express.static also redirects /explorer to /explorer/, so the page's relative URLs resolve.
  app.use('/explorer', headers, express.static(EXPLORER_DIR, { index: 'index.html', fallthrough: true, etag: true }));
  // Reached only when the bundle is missing (only `tsc` ran): say how to build it rather than answer 401.
  app.get('/explorer/', (_req, res) => {
    res.status(503).type('text/plain').send('The explorer is not built: run `npm run build`.\n');
  });
}
