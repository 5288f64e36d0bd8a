/**
 * GET /docs: Swagger UI rendering /openapi.json, from swagger-ui-dist's files served here (no
 * CDN: the page works where the service's users have no internet access, and loads nothing
 * from a third party). Open like /openapi.json.
 */
import path from 'node:path';
import express, { Router } from 'express';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Entity graph screening API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

/** Only what the page uses is served from the package directory. */
const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png']);

export function docsPage(): Router {
  const router = Router();
  // The package's directory, without loading its index (which reads the 1.5 MB bundles at start-up).
  const dir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  router.get('/', (req, res, next) => {
    // `/docs` and `/docs/` both name the page; any other path under it is not a page.
    if (req.path !== '/') return next();
    res.type('text/html').send(PAGE);
  });
  router.get('/init.js', (_req, res) => {
    res.type('text/javascript').send(INIT);
  });
  router.use('/assets', (req, res, next) => (ASSETS.has(req.path.slice(1)) ? next() : res.status(404).end()), express.static(dir, { index: false, maxAge: '1d' }));
  return router;
}
