/**
 * @module
 * The pure parts of auto-fetch: finding the per-operation and per-model fragments a version's
 * documentation page lists, and stitching the fragments into one OpenAPI document.
 *
 * The vendor's documentation site is a single-page app: its page for a version (`…/sdwan/20-18/`) embeds
 * a JS literal whose entries point at fragments with `content: "./<uuid>/apis/<name>.json"` (one
 * operation) or `"./<uuid>/models/<Name>.json"` (one schema), served from a media bucket
 * `…/media/<bucket>/docs/`.
 */

export interface FragmentRef {
  uuid: string;
  kind: 'apis' | 'models';
  /** Path below `apis/` or `models/`. */
  rest: string;
}

/** `20.18` → `20-18`, as the site spells versions in URLs. */
export function versionSlug(version: string): string {
  return version.replace(/\./g, '-');
}

/** Fragment references in page order, without duplicates. */
export function findFragments(html: string): FragmentRef[] {
  const seen = new Set<string>();
  const refs: FragmentRef[] = [];
  for (const m of html.matchAll(/content\s*:\s*["']\.\/([0-9a-fA-F-]{36})\/(apis|models)\/([^"'\s]+)["']/g)) {
    const key = `${m[1]}/${m[2]}/${m[3]}`;
    if (seen.has(key) || m[3].split('/').includes('..')) continue;
    seen.add(key);
    refs.push({ uuid: m[1], kind: m[2] as 'apis' | 'models', rest: m[3] });
  }
  return refs;
}

/** The media bucket URL (`https://…/media/<bucket>/docs`) the page mentions for this version, if any. */
export function findFragmentBase(html: string, slug: string): string | null {
  for (const m of html.matchAll(/(https?:\/\/[^"'\s()<>]+?\/media\/([A-Za-z0-9._-]+)\/docs)\//g)) {
    if (m[2].includes(slug)) return m[1];
  }
  return null;
}

export interface ApiFragment {
  type: 'api';
  spec: Record<string, unknown> & { method?: unknown; path?: unknown };
  meta?: { openapi?: unknown; servers?: unknown };
}

export interface ModelFragment {
  type: 'model';
  spec: Record<string, unknown>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace']);

export interface StitchResult {
  document: Record<string, unknown>;
  operations: number;
  schemas: number;
  /** Fragments skipped or overridden, for stderr. */
  warnings: string[];
}

function sorted<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.keys(record).sort().map((k) => [k, record[k]]));
}

/** One OpenAPI document from the fragments (the first of two same operations or models wins). */
export function stitchFragments(version: string, apis: { ref: FragmentRef; fragment: unknown }[], models: { ref: FragmentRef; fragment: unknown }[]): StitchResult {
  const warnings: string[] = [];
  const paths: Record<string, Record<string, unknown>> = {};
  const tags: string[] = [];
  let openapi = '3.1.0';
  let operations = 0;
  for (const { ref, fragment } of apis) {
    const f = fragment as ApiFragment;
    const spec = f && typeof f === 'object' && f.spec && typeof f.spec === 'object' ? f.spec : null;
    const method = typeof spec?.method === 'string' ? spec.method.toLowerCase() : '';
    const path = typeof spec?.path === 'string' ? spec.path : '';
    if (!spec || !METHODS.has(method) || !path.startsWith('/')) {
      warnings.push(`skipped apis/${ref.rest}: not an operation fragment (no spec.method and spec.path)`);
      continue;
    }
    if (typeof f.meta?.openapi === 'string' && operations === 0) openapi = f.meta.openapi;
    const { method: _m, path: _p, ...operation } = spec;
    paths[path] ??= {};
    if (paths[path][method]) {
      warnings.push(`skipped apis/${ref.rest}: ${method.toUpperCase()} ${path} came in an earlier fragment`);
      continue;
    }
    paths[path][method] = operation;
    operations++;
    for (const tag of Array.isArray(operation.tags) ? operation.tags : []) if (typeof tag === 'string' && !tags.includes(tag)) tags.push(tag);
  }
  const schemas: Record<string, unknown> = {};
  for (const { ref, fragment } of models) {
    const f = fragment as ModelFragment;
    const name = ref.rest.split('/').pop()!.replace(/\.json$/i, '');
    if (!f || typeof f !== 'object' || !f.spec || typeof f.spec !== 'object') {
      warnings.push(`skipped models/${ref.rest}: not a model fragment`);
      continue;
    }
    if (schemas[name]) {
      warnings.push(`kept the first definition of schema ${name}; models/${ref.rest} defines it again`);
      continue;
    }
    schemas[name] = f.spec;
  }
  const document: Record<string, unknown> = {
    openapi,
    info: { title: 'Cisco Catalyst SD-WAN Manager API', version, description: `Stitched by the SD-WAN bridge from the vendor's per-operation documentation for ${version}.` },
    servers: [{ url: '/dataservice' }],
    tags: tags.map((name) => ({ name })),
    paths: Object.fromEntries(Object.keys(paths).sort().map((p) => [p, sorted(paths[p])])),
    components: { schemas: sorted(schemas) },
  };
  return { document, operations, schemas: Object.keys(schemas).length, warnings };
}
