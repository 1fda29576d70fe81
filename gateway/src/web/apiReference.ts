import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Router, type RequestHandler } from 'express';
import { API_REFERENCE_PATH, OPENAPI_DOCUMENT_PATH, openApiDocument } from '@halo/shared';

const require = createRequire(import.meta.url);
const { version } = require('../../package.json') as { version: string };
/** Swagger UI's prebuilt files, served from the installed package: nothing is fetched from a CDN. */
const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'];

/** The page: the viewer's own files and a start script (the security policy allows no inline script). */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Halo Console API</title>
    <link rel="icon" href="${API_REFERENCE_PATH}/favicon-32x32.png" />
    <link rel="stylesheet" href="${API_REFERENCE_PATH}/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="${API_REFERENCE_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_REFERENCE_PATH}/start.js"></script>
  </body>
</html>
`;

/** No validator badge (it would call validator.swagger.io) and no "try it out" against a live console. */
const START = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_DOCUMENT_PATH)},
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
  supportedSubmitMethods: [],
  defaultModelsExpandDepth: 0,
  docExpansion: 'list',
});
`;

const revalidate: RequestHandler = (_request, response, next) => {
  response.setHeader('Cache-Control', 'no-cache');
  next();
};

/**
 * The API's OpenAPI 3.1 document, generated once from the shared contract, and a reference
 * page that renders it with the bundled Swagger UI. Mount before the /api/v1 proxy.
 */
export function createApiReference(): Router {
  const document = JSON.stringify(openApiDocument(version));
  const router = Router();
  router.get(OPENAPI_DOCUMENT_PATH, revalidate, (_request, response) => {
    response.type('application/json').send(document);
  });
  router.get(API_REFERENCE_PATH, revalidate, (_request, response) => {
    response.type('html').send(PAGE);
  });
  router.get(`${API_REFERENCE_PATH}/start.js`, revalidate, (_request, response) => {
    response.type('text/javascript').send(START);
  });
  for (const file of SWAGGER_UI_FILES) {
    router.get(`${API_REFERENCE_PATH}/${file}`, revalidate, (_request, response) => {
      response.sendFile(join(SWAGGER_UI_DIR, file));
    });
  }
  return router;
}
