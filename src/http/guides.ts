/**
 * Neo4j Browser guides (guides/*.html, `:play <url>` slides with runnable Cypher), public like
 * /health: static text about the graph model, no data. Neo4j Browser fetches a guide from
 * another origin with no-cache request headers, so the answer allows any origin (no
 * credentials are sent or accepted) and a preflight of those headers.
 */
import path from 'node:path';
import express, { type Express } from 'express';

/** guides/ at the repository root, beside cypher/ (loaded relative to dist/src/http). */
export const GUIDES_DIR = path.resolve(__dirname, '..', '..', '..', 'guides');

/** Nothing in a guide runs as script on the API's origin: no script, style or frame of its own. */
export const GUIDE_CSP = "default-src 'none'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function registerGuides(app: Express): void {
  const headers: express.RequestHandler = (req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Content-Security-Policy', GUIDE_CSP);
    res.setHeader('Cache-Control', 'no-cache');
    if (req.method !== 'OPTIONS') return next();
    res.setHeader('Access-Control-Allow-Methods', 'GET');
    res.setHeader('Access-Control-Allow-Headers', 'cache-control, pragma');
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  };
  app.options('/guides/{*path}', headers);
  app.use('/guides', headers, express.static(GUIDES_DIR, { index: false, fallthrough: true, etag: true, extensions: false }));
}
