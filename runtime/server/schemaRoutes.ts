/**
 * @module
 * `/api/schema/`: the generated OpenAPI document, negotiated as NetBox's drf-spectacular view does
 * (YAML by default; JSON with `?format=json` or `Accept: application/json`), and Swagger UI at
 * `/api/schema/swagger-ui/`, served from the swagger-ui-dist package so it works offline.
 * Authentication is the server's middleware's job; nothing here checks credentials.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono, type Context } from 'hono';
import type { OpenAPIV3 } from 'openapi-types';

type Format = 'json' | 'yaml';

interface Renderer {
  mediaType: string;
  format: Format;
}

/** drf-spectacular's SpectacularAPIView renderers, in its order: the first is the default. */
const renderers: Renderer[] = [
  { mediaType: 'application/vnd.oai.openapi', format: 'yaml' },
  { mediaType: 'application/yaml', format: 'yaml' },
  { mediaType: 'application/vnd.oai.openapi+json', format: 'json' },
  { mediaType: 'application/json', format: 'json' },
];

/** Files of swagger-ui-dist the page loads; nothing else in the package is reachable. */
const assetTypes: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-16x16.png': 'image/png',
  'favicon-32x32.png': 'image/png',
};

/** Our initializer (the package's own one points at the Petstore demo). */
const initializer = `window.ui = SwaggerUIBundle({
  url: document.getElementById('swagger-ui').dataset.specUrl,
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function swaggerPage(specUrl: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>NetBox REST API</title>
<link rel="stylesheet" href="static/swagger-ui.css">
<link rel="icon" type="image/png" href="static/favicon-32x32.png" sizes="32x32">
<link rel="icon" type="image/png" href="static/favicon-16x16.png" sizes="16x16">
</head>
<body>
<div id="swagger-ui" data-spec-url="${escapeHtml(specUrl)}"></div>
<script src="static/swagger-ui-bundle.js"></script>
<script src="static/init.js"></script>
</body>
</html>
`;
}

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

/** Parses an Accept header, most preferred first; parameters other than `q` (e.g. `version=4.6`) are ignored. */
function parseAccept(header: string | undefined): MediaRange[] {
  if (!header?.trim()) return [{ type: '*', subtype: '*', q: 1 }];
  const ranges: MediaRange[] = [];
  for (const part of header.split(',')) {
    const [range, ...params] = part.split(';').map((s) => s.trim());
    const [type, subtype] = range.toLowerCase().split('/');
    if (!type || !subtype) continue;
    const qParam = params.find((p) => /^q=/i.test(p));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0) ranges.push({ type, subtype, q });
  }
  return ranges.sort((a, b) => b.q - a.q);
}

const matches = (range: MediaRange, mediaType: string) => {
  const [type, subtype] = mediaType.split('/');
  return (range.type === '*' || range.type === type) && (range.subtype === '*' || range.subtype === subtype);
};

/** The renderer for a request: `?format=` wins over Accept; null when nothing fits. */
export function selectRenderer(format: string | undefined, accept: string | undefined): Renderer | 'unknown-format' | null {
  if (format !== undefined) return renderers.find((r) => r.format === format) ?? 'unknown-format';
  for (const range of parseAccept(accept)) {
    const renderer = renderers.find((r) => matches(range, r.mediaType));
    if (renderer) return renderer;
  }
  return null;
}

/** Reads the listed swagger-ui-dist files once each, on first request. */
function assetReader(): (name: string) => Promise<Uint8Array> {
  const cache = new Map<string, Promise<Uint8Array>>();
  let root: string | undefined;
  return (name) => {
    let pending = cache.get(name);
    if (!pending) {
      root ??= dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
      pending = readFile(join(root, name));
      // A failed read (package missing) is not cached, so a later request can succeed.
      pending.catch(() => cache.delete(name));
      cache.set(name, pending);
    }
    return pending;
  };
}

const notFound = (c: Context) => c.json({ detail: 'Not found.' }, 404);

/**
 * The `/api/schema` sub-app: mount it with `app.route('/api/schema', schemaRoutes(load))`.
 * The document (read by `load` on the first request, not at boot) is served as given, its
 * `servers` included; each serialisation is built once.
 */
export function schemaRoutes(load: () => OpenAPIV3.Document): Hono {
  let loaded: OpenAPIV3.Document | undefined;
  const documentOf = () => (loaded ??= load());
  const app = new Hono();
  const serialised = new Map<Format, string>();
  const render = async (format: Format): Promise<string> => {
    let text = serialised.get(format);
    if (text === undefined) {
      // The YAML printer is loaded on the first YAML request, not at boot.
      const { stringify } = format === 'yaml' ? await import('yaml') : { stringify: undefined };
      // No anchors/aliases: shared sub-objects must appear in full, as in the JSON form.
      const document = documentOf();
      text = format === 'json' ? `${JSON.stringify(document, null, 2)}\n` : stringify!(document, { aliasDuplicateObjects: false, lineWidth: 0 });
      serialised.set(format, text);
    }
    return text;
  };
  const readAsset = assetReader();

  // Hono joins a sub-app's '/' to the mount path without the trailing slash NetBox's URLs carry,
  // so the document's route matches an empty last segment instead ('/api/schema/').
  app.get('/:trailing{/?}', async (c) => {
    const renderer = selectRenderer(c.req.query('format'), c.req.header('Accept'));
    if (renderer === 'unknown-format') return notFound(c);
    if (!renderer) return c.json({ detail: 'Could not satisfy the request Accept header.' }, 406);
    c.header('Vary', 'Accept');
    return c.body(await render(renderer.format), 200, { 'Content-Type': `${renderer.mediaType}; charset=utf-8` });
  });
  app.get('/', (c) => c.redirect(`${c.req.path}/${new URL(c.req.url).search}`, 301));

  app.get('/swagger-ui/', (c) => {
    const specUrl = `${c.req.path.slice(0, -'swagger-ui/'.length)}?format=json`;
    return c.html(swaggerPage(specUrl));
  });
  app.get('/swagger-ui', (c) => c.redirect(`${c.req.path}/`, 301));
  app.get('/swagger-ui/static/init.js', (c) => c.body(initializer, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/swagger-ui/static/:file', async (c) => {
    const name = c.req.param('file');
    const type = Object.hasOwn(assetTypes, name) ? assetTypes[name] : undefined;
    if (!type) return notFound(c);
    let bytes: Uint8Array;
    try {
      bytes = await readAsset(name);
    } catch (error) {
      console.error(`[schema] cannot read swagger-ui-dist/${name}: ${(error as Error).message}`);
      return notFound(c);
    }
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  });
  // Read-only views: other methods get DRF's 405 (Hono answers HEAD from the GET routes).
  app.all('/:trailing{/?}', (c) => c.json({ detail: `Method "${c.req.method}" not allowed.` }, 405, { Allow: 'GET, HEAD' }));
  app.all('/swagger-ui/', (c) => c.json({ detail: `Method "${c.req.method}" not allowed.` }, 405, { Allow: 'GET, HEAD' }));
  return app;
}
