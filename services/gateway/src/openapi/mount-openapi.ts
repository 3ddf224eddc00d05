import { type NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import { type OpenAPIObject } from '@nestjs/swagger';
import express, { type Response } from 'express';
import { dirname, join } from 'node:path';
import { DOCS_PATH, OPENAPI_JSON_PATH, buildOpenApiDocument } from './openapi-document';

/**
 * Swagger UI's files, from the swagger-ui-dist that @nestjs/swagger depends on. Only these
 * are served: the rest of the package (its demo index.html and initializer) is not ours.
 */
const SWAGGER_UI_DIR = dirname(
  require.resolve('swagger-ui-dist/package.json', {
    paths: [dirname(require.resolve('@nestjs/swagger'))],
  }),
);
const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'];

/**
 * Our CSP allows scripts from our origin only (no inline script), so the page loads Swagger
 * UI and this initializer as files. No validator badge: it would load an image from
 * validator.swagger.io, which img-src does not allow.
 */
export const DOCS_INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_JSON_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>HandCheck API</title>
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png">
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${DOCS_PATH}/swagger-initializer.js"></script>
</body>
</html>
`;

const revalidated = (res: Response) => res.set('Cache-Control', 'no-cache');

/**
 * GET /api/openapi.json (the document) and GET /api/docs (Swagger UI on it), as Express
 * routes ahead of Nest's. Call after the global prefix is set and after the security
 * headers, which these answers keep like every other.
 */
export function mountOpenApi(
  app: NestExpressApplication,
  document: OpenAPIObject = buildOpenApiDocument(app),
): void {
  const json = JSON.stringify(document);
  const router = express.Router();
  router.use([OPENAPI_JSON_PATH, DOCS_PATH], compression());
  router.get(OPENAPI_JSON_PATH, (_req, res) => {
    revalidated(res).type('application/json').send(json);
  });
  router.get(DOCS_PATH, (_req, res) => {
    revalidated(res).type('html').send(DOCS_PAGE);
  });
  router.get(`${DOCS_PATH}/swagger-initializer.js`, (_req, res) => {
    revalidated(res).type('text/javascript').send(DOCS_INITIALIZER);
  });
  for (const file of SWAGGER_UI_FILES) {
    router.get(`${DOCS_PATH}/${file}`, (_req, res, next) => {
      res.sendFile(join(SWAGGER_UI_DIR, file), { maxAge: '1h' }, (error) => {
        if (error) next(error);
      });
    });
  }
  app.use(router);
}
