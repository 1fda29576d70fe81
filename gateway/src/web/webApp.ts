import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { apiErrorBody, HttpErrorKind } from '@halo/shared';
import { isAppRoute } from './routeMatcher.js';

/** Paths the web app never owns, whatever the method. */
const RESERVED_PREFIXES = ['/api', '/socket.io', '/healthz', '/readyz', '/metrics'];
const isReserved = (path: string) =>
  RESERVED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** Vite puts content-hashed files under assets/: their name changes whenever their content does. */
const HASHED_ASSETS_DIR = 'assets';
const LONG_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const NOT_BUILT_MESSAGE =
  'Halo Console: the web app is not built (web/dist/index.html is missing). Run `npm run build` and restart.\n';

/**
 * Serves the built web app from `distDir`: hashed assets with a long cache, everything else
 * revalidated. A GET of any other path answers index.html: 200 for a route of the app, 404 for
 * an unknown path (the app renders its not-found page then).
 */
export function createWebApp(distDir: string): RequestHandler[] {
  const assets = express.static(distDir, {
    index: false,
    redirect: false,
    setHeaders(response, filePath) {
      const relative = filePath.slice(distDir.length).replace(/\\/g, '/').replace(/^\/+/, '');
      response.setHeader('Cache-Control', relative.startsWith(`${HASHED_ASSETS_DIR}/`) ? LONG_CACHE : REVALIDATE);
    },
  });

  const indexHtml = async (request: Request, response: Response) => {
    let html: Buffer;
    try {
      html = await readFile(join(distDir, 'index.html'));
    } catch {
      response.status(503).type('text/plain').setHeader('Cache-Control', 'no-store').send(NOT_BUILT_MESSAGE);
      return;
    }
    response
      .status(isAppRoute(request.path) ? 200 : 404)
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
    if (isReserved(request.path)) {
      next();
      return;
    }
    assets(request, response, next);
  };

  return [staticFiles, fallback];
}
