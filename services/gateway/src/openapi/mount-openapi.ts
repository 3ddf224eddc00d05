import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type OpenAPIObject } from '@nestjs/swagger';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { plainRouteErrorHandler } from '@handcheck/server-kit';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { acceptedEncodings, contentTypeOf } from '../site/site-router';
import {
  DOCS_PATH,
  DOCS_ROUTES,
  OPENAPI_JSON_PATH,
  buildOpenApiDocument,
} from './openapi-document';

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

/** One answer of the docs: its bytes, compressed once (on first use), and how it is cached. */
class DocsFile {
  private readonly etag: string;
  private compressed?: { br: Buffer; gzip: Buffer };

  constructor(
    private readonly body: Buffer,
    private readonly type: string,
    private readonly cacheControl: string,
  ) {
    this.etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  }

  send(request: FastifyRequest, reply: FastifyReply): void {
    void reply
      .header('Content-Type', this.type)
      .header('Cache-Control', this.cacheControl)
      .header('ETag', this.etag)
      .header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === this.etag) {
      void reply.code(304).send();
      return;
    }
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
    // Text only, as compression() chose: an image is compressed already.
    if (!encoding || !/^(text\/|application\/json)/.test(this.type)) {
      void reply.send(this.body);
      return;
    }
    this.compressed ??= {
      br: brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(this.body, { level: 9 }),
    };
    void reply.header('Content-Encoding', encoding).send(this.compressed[encoding]);
  }
}

/**
 * GET /api/openapi.json (the document) and GET /api/docs (Swagger UI on it), as plain Fastify
 * routes: they take the instance's hooks (the security headers) like every other answer.
 * Each is compressed once, when first asked for; the swagger-ui files are kept an hour.
 */
export function mountOpenApi(
  app: NestFastifyApplication,
  document: OpenAPIObject = buildOpenApiDocument(app),
): void {
  const instance = app.getHttpAdapter().getInstance();
  const revalidated = (body: string, type: string) =>
    new DocsFile(Buffer.from(body), type, 'no-cache');
  const files = new Map<string, DocsFile>([
    [OPENAPI_JSON_PATH, revalidated(JSON.stringify(document), 'application/json; charset=utf-8')],
    [DOCS_PATH, revalidated(DOCS_PAGE, 'text/html; charset=utf-8')],
    [`${DOCS_PATH}/swagger-initializer.js`, revalidated(DOCS_INITIALIZER, contentTypeOf('x.js'))],
  ]);
  for (const file of SWAGGER_UI_FILES) {
    const path = join(SWAGGER_UI_DIR, file);
    files.set(
      `${DOCS_PATH}/${file}`,
      new DocsFile(readFileSync(path), contentTypeOf(path), 'public, max-age=3600'),
    );
  }
  // Registered before the app's init, when Nest sets its error handler: see plainRouteErrorHandler.
  const errorHandler = plainRouteErrorHandler();
  for (const [path, file] of files) {
    // The documented ones register their definition (the document's operation is made from it).
    const schema = DOCS_ROUTES.find((route) => route.url === path)?.schema;
    instance.get(path, { errorHandler, ...(schema ? { schema } : {}) }, (request, reply) => {
      file.send(request, reply);
    });
  }
}
