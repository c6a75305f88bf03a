import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { schemaRoutes, selectRenderer } from './schemaRoutes.ts';

const document = JSON.parse(readFileSync(fileURLToPath(new URL('../../generated/inventory/openapi.json', import.meta.url)), 'utf8')) as OpenAPIV3.Document;

function server(): Hono {
  return new Hono({ strict: true }).route('/api/schema', schemaRoutes(() => document));
}

describe('GET /api/schema/', () => {
  const app = server();

  it('answers YAML by default, which parses back to the same document', async () => {
    const res = await app.request('/api/schema/');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/vnd.oai.openapi; charset=utf-8');
    expect(parse(await res.text())).toEqual(document);
  });

  it('writes shared sub-objects out in full in YAML, without anchors or aliases', async () => {
    const shared = { description: 'OK', content: { 'application/json': { schema: { type: 'object' as const } } } };
    const built: OpenAPIV3.Document = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: { '/a/': { get: { responses: { '200': shared } } }, '/b/': { get: { responses: { '200': shared } } } },
    };
    const text = await (await new Hono().route('/api/schema', schemaRoutes(() => built)).request('/api/schema/')).text();
    expect(text).not.toMatch(/[&*]a\d+\s*$/m);
    expect(parse(text)).toEqual(built);
  });

  it('answers JSON with ?format=json', async () => {
    const res = await app.request('/api/schema/?format=json');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/vnd.oai.openapi+json; charset=utf-8');
    const body = (await res.json()) as OpenAPIV3.Document;
    expect(body).toEqual(document);
    expect(body.servers).toEqual(document.servers);
    // What the Ansible inventory plugin reads.
    const names = (body.paths['/api/dcim/sites/']!.get!.parameters as OpenAPIV3.ParameterObject[]).map((p) => p.name);
    expect(names).toContain('region_id');
  });

  it('answers JSON to Accept: application/json (pynetbox, Ansible), with version parameters ignored', async () => {
    for (const accept of ['application/json', 'application/json; version=4.6', 'application/json;']) {
      const res = await app.request('/api/schema/', { headers: { Accept: accept } });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('Content-Type'), accept).toBe('application/json; charset=utf-8');
      expect(await res.json(), accept).toEqual(document);
    }
  });

  it('answers YAML with ?format=yaml even when JSON is accepted, and accepts ?lang=', async () => {
    const res = await app.request('/api/schema/?format=yaml&lang=en', { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/vnd.oai.openapi; charset=utf-8');
    expect(parse(await res.text())).toEqual(document);
  });

  it('serves the same bytes on every request', async () => {
    const first = await (await app.request('/api/schema/?format=json')).text();
    const second = await (await app.request('/api/schema/?format=json')).text();
    expect(second).toBe(first);
  });

  it('answers a browser\'s Accept header with YAML', async () => {
    const res = await app.request('/api/schema/', { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.headers.get('Content-Type')).toBe('application/vnd.oai.openapi; charset=utf-8');
  });

  it('rejects an unknown format with 404 and an unsatisfiable Accept with 406', async () => {
    const unknown = await app.request('/api/schema/?format=xml');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'Not found.' });
    const unsatisfiable = await app.request('/api/schema/', { headers: { Accept: 'text/csv' } });
    expect(unsatisfiable.status).toBe(406);
    expect(await unsatisfiable.json()).toEqual({ detail: 'Could not satisfy the request Accept header.' });
  });

  it('is read-only', async () => {
    for (const path of ['/api/schema/', '/api/schema/swagger-ui/']) {
      const res = await app.request(path, { method: 'POST', body: '{}' });
      expect(res.status, path).toBe(405);
      expect(await res.json()).toEqual({ detail: 'Method "POST" not allowed.' });
    }
    expect((await app.request('/api/schema/', { method: 'HEAD' })).status).toBe(200);
  });

  it('redirects the path without its trailing slash', async () => {
    const res = await app.request('/api/schema?format=json');
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('/api/schema/?format=json');
  });
});

describe('selectRenderer', () => {
  it('prefers the highest q value and falls back to the default on */*', () => {
    expect(selectRenderer(undefined, 'application/yaml;q=0.5, application/json')).toMatchObject({ format: 'json' });
    expect(selectRenderer(undefined, '*/*')).toMatchObject({ mediaType: 'application/vnd.oai.openapi' });
    expect(selectRenderer(undefined, undefined)).toMatchObject({ format: 'yaml' });
    expect(selectRenderer(undefined, 'application/json;q=0')).toBeNull();
    expect(selectRenderer('json', 'application/yaml')).toMatchObject({ mediaType: 'application/vnd.oai.openapi+json' });
    expect(selectRenderer('pdf', undefined)).toBe('unknown-format');
  });
});

describe('GET /api/schema/swagger-ui/', () => {
  const app = server();

  it('serves a page that loads Swagger UI locally and points it at the JSON document', async () => {
    const res = await app.request('/api/schema/swagger-ui/');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('data-spec-url="/api/schema/?format=json"');
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source, 'no CDN').toMatch(/^static\//);
  });

  it('serves every asset the page names', async () => {
    const html = await (await app.request('/api/schema/swagger-ui/')).text();
    for (const [, source] of html.matchAll(/(?:src|href)="(static\/[^"]+)"/g)) {
      const res = await app.request(`/api/schema/swagger-ui/${source}`);
      expect(res.status, source).toBe(200);
      expect((await res.arrayBuffer()).byteLength, source).toBeGreaterThan(0);
    }
  });

  it('serves the Swagger UI bundle as JavaScript and the initializer pointing at the page\'s data', async () => {
    const bundle = await app.request('/api/schema/swagger-ui/static/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(await bundle.text()).toContain('SwaggerUIBundle');
    const init = await app.request('/api/schema/swagger-ui/static/init.js');
    expect(init.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(await init.text()).toContain("dataset.specUrl");
    const css = await app.request('/api/schema/swagger-ui/static/swagger-ui.css');
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
  });

  it('serves nothing else from the package', async () => {
    for (const path of ['package.json', 'swagger-initializer.js', '..%2Fpackage.json', '%2E%2E%2F%2E%2E%2Fpackage.json', 'constructor']) {
      const res = await app.request(`/api/schema/swagger-ui/static/${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  it('redirects the page path without its trailing slash', async () => {
    const res = await app.request('/api/schema/swagger-ui');
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('/api/schema/swagger-ui/');
  });

  it('follows the mount point', async () => {
    const mounted = new Hono().route('/netbox/api/schema', schemaRoutes(() => document));
    const html = await (await mounted.request('/netbox/api/schema/swagger-ui/')).text();
    expect(html).toContain('data-spec-url="/netbox/api/schema/?format=json"');
    expect((await mounted.request('/netbox/api/schema/?format=json')).status).toBe(200);
  });
});
