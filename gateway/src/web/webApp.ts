import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import escapeHtml from 'escape-html';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { apiErrorBody, HttpErrorKind, WEB_SETTINGS_META_NAME, type WebSettings } from '@halo/shared';
import { isAppRoute } from './routeMatcher.js';

/** Paths the web app never owns, whatever the method. */
const RESERVED_PREFIXES = ['/api', '/socket.io', '/healthz', '/readyz', '/metrics'];
const isReserved = (path: string) =>
  RESERVED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** Vite puts content-hashed files under assets/: their name changes whenever their content does. */
const HASHED_ASSETS_DIR = 'assets';
const LONG_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Served as the app's page (with the settings in it), not as a static file. */
const INDEX_PATH = '/index.html';

const NOT_BUILT_MESSAGE =
  'Halo Console: the web app is not built (web/dist/index.html is missing). Run `npm run build` and restart.\n';

/** The meta element that carries the installation's settings. */
const settingsMeta = (settings: WebSettings) =>
  `<meta name="${WEB_SETTINGS_META_NAME}" content="${escapeHtml(JSON.stringify(settings))}" />`;

/** index.html with the settings' meta element in its head, before the app's scripts. */
function withSettings(html: string, meta: string): string {
  return html.includes('</head>') ? html.replace('</head>', `  ${meta}\n  </head>`) : `${meta}${html}`;
}

/**
 * Serves the built web app from `distDir`: hashed assets with a long cache, everything else
 * revalidated. A GET of any other path answers index.html with `settings` in it: 200 for a
 * route of the app, 404 for an unknown path (the app renders its not-found page then).
 */
export function createWebApp(distDir: string, settings: WebSettings): RequestHandler[] {
  const meta = settingsMeta(settings);
  const assets = express.static(distDir, {
    index: false,
    redirect: false,
    setHeaders(response, filePath) {
      const relative = filePath.slice(distDir.length).replace(/\\/g, '/').replace(/^\/+/, '');
      response.setHeader('Cache-Control', relative.startsWith(`${HASHED_ASSETS_DIR}/`) ? LONG_CACHE : REVALIDATE);
    },
  });

  const indexHtml = async (request: Request, response: Response) => {
    let html: string;
    try {
      html = withSettings(await readFile(join(distDir, 'index.html'), 'utf8'), meta);
    } catch {
      response.status(503).type('text/plain').setHeader('Cache-Control', 'no-store').send(NOT_BUILT_MESSAGE);
      return;
    }
    response
      .status(isAppRoute(request.path) || request.path === INDEX_PATH ? 200 : 404)
      .type('html')
      .setHeader('Cache-Control', REVALIDATE)
      .send(html);
  };

  const fallback: RequestHandler = (request, response, next) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isReserved(request.path)) {
      next();
      return;
    }
    if (request.path.startsWith(`/${HASHED_ASSETS_DIR}/`)) {
      // A missing script or style must not come back as HTML.
      response.status(404).json(apiErrorBody(HttpErrorKind.NOT_FOUND, 'Not found'));
      return;
    }
    indexHtml(request, response).catch(next);
  };

  const staticFiles: RequestHandler = (request, response, next) => {
    // index.html is always the one with the settings in it.
    if (isReserved(request.path) || request.path === INDEX_PATH) {
      next();
      return;
    }
    assets(request, response, next);
  };

  return [staticFiles, fallback];
}
