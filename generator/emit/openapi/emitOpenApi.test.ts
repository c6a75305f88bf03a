import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InventoryIR } from '../../ir/types.ts';
import { buildProjectIR, projectPaths } from '../../pipeline.ts';
import { buildOpenApiDocument } from './document.ts';
import { emitOpenApi, openApiPath } from './emitOpenApi.ts';

const root = resolve(fileURLToPath(import.meta.url), '../../../..');
const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

let ir: InventoryIR;
let doc: OpenAPIV3.Document;
let contents: string;

beforeAll(() => {
  ir = buildProjectIR(projectPaths(root)).inventory;
  const [file] = emitOpenApi(ir);
  contents = file.contents;
  doc = JSON.parse(contents) as OpenAPIV3.Document;
});

const clone = (): InventoryIR => structuredClone(ir);
const schema = (name: string) => doc.components!.schemas![name] as OpenAPIV3.SchemaObject;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => methods.filter((m) => item![m]).map((m) => ({ path, method: m, op: item![m]! })));
const listParams = (path: string) => doc.paths[path]!.get!.parameters as OpenAPIV3.ParameterObject[];

describe('emitOpenApi', () => {
  it('writes one pretty-printed JSON file with LF and a trailing newline', () => {
    const files = emitOpenApi(ir);
    expect(files.map((f) => f.path)).toEqual([openApiPath]);
    expect(contents.endsWith('}\n')).toBe(true);
    expect(contents).not.toContain('\r');
    expect(contents.split('\n')[1]).toBe('  "openapi": "3.0.3",');
  });

  it('is a valid OpenAPI 3.0 document', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('is deterministic', () => {
    expect(emitOpenApi(ir)[0].contents).toBe(contents);
    expect(emitOpenApi(JSON.parse(JSON.stringify(ir)) as InventoryIR)[0].contents).toBe(contents);
  });

  it('has NetBox\'s header and servers, and the one security scheme the server accepts (tokens)', () => {
    expect(doc.info).toMatchObject({ title: 'NetBox REST API', version: '4.6.8' });
    expect(doc.servers).toEqual([{ url: '', description: 'NetBox' }]);
    expect(doc.security).toEqual([{ tokenAuth: [] }]);
    expect(doc.components!.securitySchemes!.tokenAuth).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
      description: '`Token <token>` (v1) or `Bearer <key>.<token>` (v2)',
    });
    expect(Object.keys(doc.components!.securitySchemes!)).toEqual(['tokenAuth']);
  });

  it('lists paths and component schemas in sorted order', () => {
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual([...paths].sort());
    const schemas = Object.keys(doc.components!.schemas!);
    expect(schemas).toEqual([...schemas].sort());
  });

  it('documents the filters pynetbox and Ansible look for on sites', () => {
    const names = listParams('/api/dcim/sites/').map((p) => p.name);
    for (const name of ['limit', 'offset', 'brief', 'fields', 'omit', 'ordering', 'start', 'q', 'region_id', 'region_id__n', 'name__ic', 'status', 'status__n', 'tag', 'asn_id', 'created__gte']) {
      expect(names, name).toContain(name);
    }
  });

  it('writes every list parameter inline (Ansible reads their names unresolved), in the query, sorted and unique', () => {
    for (const { path, method, op } of operations()) {
      if (method !== 'get' || path.includes('{') || !op.operationId?.endsWith('_list')) continue;
      // A list with nothing to filter (users/config/, as NetBox's) has no parameters.
      const params = (op.parameters ?? []) as OpenAPIV3.ParameterObject[];
      const names = params.map((p) => p.name);
      expect(names, path).toEqual([...names].sort());
      expect(new Set(names).size, path).toBe(names.length);
      for (const p of params) {
        expect(p, `${path} ${p.name}`).not.toHaveProperty('$ref');
        // OpenAPI's defaults for query parameters (form style, exploded) are not restated.
        expect(p, `${path} ${p.name}`).toMatchObject({ in: 'query' });
        expect(p).not.toHaveProperty('style');
        // Filters and paging parameters are described; lookup variants (`name__ic`) are not, as in NetBox's document.
        if (!p.name.includes('__')) expect(p.description, `${path} ${p.name}`).toBeTruthy();
      }
    }
  });

  it('stays small: each choice set is one component, referenced by fields and filters', () => {
    const statusSchemas = JSON.stringify(doc).match(/"enum":\["planned","staging","active","decommissioning","retired"\]/g) ?? [];
    expect(statusSchemas.length).toBe(2); // SiteStatusChoices and LocationStatusChoices, once each
    expect(schema('SiteStatusChoices')).toMatchObject({ type: 'string', enum: ['planned', 'staging', 'active', 'decommissioning', 'retired'] });
  });

  it('documents each filter lookup with the value type it takes', () => {
    const byName = new Map(listParams('/api/dcim/sites/').map((p) => [p.name, p.schema as OpenAPIV3.SchemaObject]));
    expect(byName.get('status')).toEqual({ type: 'array', items: { $ref: '#/components/schemas/SiteStatusChoices' } });
    expect(byName.get('status__n')).toEqual(byName.get('status'));
    expect(byName.get('status__ic')).toEqual({ type: 'array', items: { type: 'string' } });
    expect(byName.get('region_id')).toEqual({ type: 'array', items: { type: 'integer' } });
    expect(byName.get('created__gte')).toEqual({ type: 'array', items: { type: 'string', format: 'date-time' } });
    expect(byName.get('latitude__lt')).toEqual({ type: 'array', items: { type: 'number' } });
    expect(byName.get('name__empty')).toEqual({ type: 'boolean' });
    // `asn` matches the integer `asn` field of the ASNs a site has.
    expect((byName.get('asn') as OpenAPIV3.ArraySchemaObject).items).toMatchObject({ type: 'integer' });
    const tokenVersion = new Map(listParams('/api/users/tokens/').map((p) => [p.name, p.schema as OpenAPIV3.SchemaObject]));
    expect(tokenVersion.get('version')).toEqual({ type: 'array', items: { $ref: '#/components/schemas/TokenVersionChoices' } });
    expect(schema('TokenVersionChoices')).toMatchObject({ type: 'integer', enum: [1, 2] });
    expect(tokenVersion.get('enabled')).toEqual({ type: 'boolean' });
  });

  it('gives every operation a unique NetBox-style id and its app as tag', () => {
    const ops = operations();
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const byId = new Map(ops.map((o) => [o.op.operationId, o]));
    const expected: [string, string, string][] = [
      ['dcim_sites_list', 'get', '/api/dcim/sites/'],
      ['dcim_sites_create', 'post', '/api/dcim/sites/'],
      ['dcim_sites_bulk_update', 'put', '/api/dcim/sites/'],
      ['dcim_sites_bulk_partial_update', 'patch', '/api/dcim/sites/'],
      ['dcim_sites_bulk_destroy', 'delete', '/api/dcim/sites/'],
      ['dcim_sites_retrieve', 'get', '/api/dcim/sites/{id}/'],
      ['dcim_sites_update', 'put', '/api/dcim/sites/{id}/'],
      ['dcim_sites_partial_update', 'patch', '/api/dcim/sites/{id}/'],
      ['dcim_sites_destroy', 'delete', '/api/dcim/sites/{id}/'],
      ['dcim_site_groups_list', 'get', '/api/dcim/site-groups/'],
      ['users_tokens_provision_create', 'post', '/api/users/tokens/provision/'],
      ['status_retrieve', 'get', '/api/status/'],
      ['authentication_check_retrieve', 'get', '/api/authentication-check/'],
      ['schema_retrieve', 'get', '/api/schema/'],
    ];
    for (const [id, method, path] of expected) expect(byId.get(id), id).toMatchObject({ method, path });
    expect(byId.get('dcim_sites_list')!.op.tags).toEqual(['dcim']);
    expect(byId.get('dcim_sites_retrieve')!.op.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true, schema: { type: 'integer' } })]);
  });

  it('has an operation for every route of every resource, and none for routes a resource lacks', () => {
    for (const resource of ir.resources) {
      const base = `/api/${resource.app}/${resource.path}/`;
      // A resource without routes (a script module, kept for its table and object type) has none.
      if (resource.routes === 'none') {
        expect(doc.paths[base], base).toBeUndefined();
        continue;
      }
      expect(doc.paths[base]?.get, base).toBeDefined();
      // A list-only resource (scripts: their detail routes are hand-written operations) has no generated detail.
      if (resource.routes !== 'list-only') expect(doc.paths[`${base}{id}/`]?.get, base).toBeDefined();
    }
    // The change log is read-only: nothing writes to it through the API.
    expect(doc.paths['/api/core/object-changes/']!.post).toBeUndefined();
    expect(doc.paths['/api/core/object-changes/{id}/']!.patch).toBeUndefined();
    expect(doc.paths['/api/users/tokens/']!.post).toBeDefined();
  });

  it('answers with NetBox\'s status codes and bodies', () => {
    const sites = doc.paths['/api/dcim/sites/']!;
    const detail = doc.paths['/api/dcim/sites/{id}/']!;
    expect(Object.keys(sites.get!.responses)).toEqual(['200']);
    expect((sites.get!.responses['200'] as OpenAPIV3.ResponseObject).content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/PaginatedSiteList' });
    expect(Object.keys(sites.post!.responses)).toEqual(['201']);
    expect(Object.keys(sites.put!.responses)).toEqual(['200']);
    expect(Object.keys(sites.delete!.responses)).toEqual(['204']);
    expect(Object.keys(detail.patch!.responses)).toEqual(['200']);
    expect(Object.keys(detail.delete!.responses)).toEqual(['204']);
    expect((detail.patch!.requestBody as OpenAPIV3.RequestBodyObject).content['application/json'].schema).toEqual({ $ref: '#/components/schemas/PatchedWritableSiteRequest' });
  });

  it('describes responses: choices as {value,label}, relations as brief objects, counts read-only', () => {
    const site = schema('Site');
    const props = site.properties as Record<string, OpenAPIV3.SchemaObject>;
    expect(props.status.properties!.value).toEqual({ $ref: '#/components/schemas/SiteStatusChoices' });
    expect(props.status.properties!.label).toMatchObject({ type: 'string' });
    expect(props.region).toEqual({ allOf: [{ $ref: '#/components/schemas/BriefRegion' }], nullable: true });
    expect(props.tags).toEqual({ type: 'array', items: { $ref: '#/components/schemas/NestedTag' } });
    expect(props.id).toEqual({ type: 'integer', readOnly: true });
    const region = schema('Region').properties as Record<string, OpenAPIV3.SchemaObject>;
    expect(region.site_count).toEqual({ type: 'integer', readOnly: true });
    expect(Object.keys(schema('BriefSite').properties!)).toEqual(ir.resources.find((r) => r.key === 'dcim.sites')!.brief);
    expect(Object.keys(schema('NestedTag').properties!)).toContain('display_url');
    expect(schema('PaginatedSiteList').required).toEqual(['count', 'results']);
  });

  it('never shows write-only or hidden fields in responses', () => {
    expect(Object.keys(schema('User').properties!)).not.toContain('password');
    expect(Object.keys(schema('User').properties!)).not.toContain('is_superuser');
    // NetBox shows a token's `token` (null on reads: only the creating response has the plaintext), never its digest.
    expect((schema('Token').properties as Record<string, OpenAPIV3.SchemaObject>).token).toMatchObject({ readOnly: true, nullable: true });
    expect(Object.keys(schema('Token').properties!)).not.toContain('hmac_digest');
  });

  it('describes request bodies: writable fields, relations by id or attributes, required from the IR', () => {
    const request = schema('WritableSiteRequest');
    const props = request.properties as Record<string, OpenAPIV3.SchemaObject>;
    expect(request.required).toEqual(['name', 'slug']);
    expect(Object.keys(props)).not.toContain('id');
    expect(Object.keys(props)).not.toContain('created');
    expect(props.name).toMatchObject({ type: 'string', maxLength: 100, minLength: 1 });
    expect(props.status).toEqual({ $ref: '#/components/schemas/SiteStatusChoices' });
    expect(props.region.nullable).toBe(true);
    expect(props.region.oneOf![0]).toMatchObject({ type: 'integer' });
    expect(props.asns).toMatchObject({ type: 'array', items: { type: 'integer' } });
    expect(schema('PatchedWritableSiteRequest').required).toBeUndefined();
    expect(schema('TagRequest').required).toEqual(['name', 'slug']);
    const user = schema('WritableUserRequest').properties as Record<string, OpenAPIV3.SchemaObject>;
    expect(user.password).toMatchObject({ type: 'string', writeOnly: true });
  });

  it('documents token provisioning without authentication', () => {
    const op = doc.paths['/api/users/tokens/provision/']!.post!;
    expect(op.security).toEqual([]);
    expect((op.responses['201'] as OpenAPIV3.ResponseObject).content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/TokenProvision' });
    expect(schema('TokenProvisionRequest').required).toEqual(['username', 'password']);
    expect(Object.keys(schema('TokenProvisionRequest').properties!)).toEqual(['username', 'password', 'expires', 'description', 'enabled', 'write_enabled', 'allowed_ips', 'version']);
    // definitions/schemas.yaml: `$ref: Token` names the resource's component.
    const [token, secret] = schema('TokenProvision').allOf as [OpenAPIV3.ReferenceObject, OpenAPIV3.SchemaObject];
    expect(token).toEqual({ $ref: '#/components/schemas/Token' });
    expect(secret.properties!.token).toMatchObject({ type: 'string', readOnly: true });
    expect(secret.required).toEqual(['token']);
    expect(op.requestBody).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/TokenProvisionRequest' } } } });
    expect(Object.keys(op.responses).sort()).toEqual(['201', '400', '403']);
    expect(doc.paths['/api/dcim/sites/']!.get!.security).toBeUndefined();
  });

  it('keeps every schema of definitions/schemas.yaml as a component, with every $ref resolved', () => {
    for (const name of Object.keys(ir.schemas)) expect(doc.components!.schemas, name).toHaveProperty(name);
    const refs = [...contents.matchAll(/"\$ref": "#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]);
    for (const name of new Set(refs)) expect(doc.components!.schemas, name).toHaveProperty(name);
  });

  it('documents the schema endpoint\'s format and lang parameters', () => {
    const params = doc.paths['/api/schema/']!.get!.parameters as OpenAPIV3.ParameterObject[];
    expect(params.map((p) => p.name)).toEqual(['format', 'lang']);
    expect((params[0].schema as OpenAPIV3.SchemaObject).enum).toEqual(['json', 'yaml']);
  });
});

describe('buildOpenApiDocument on inconsistent IR', () => {
  it('rejects two resources that would share component names', () => {
    const bad = clone();
    bad.resources[1].model = bad.resources[0].model;
    expect(() => buildOpenApiDocument(bad)).toThrow(/component schema `\w+` would be defined by both/);
  });

  it('names the field whose relation target is missing', () => {
    const bad = clone();
    const site = bad.resources.find((r) => r.key === 'dcim.sites')!;
    site.fields.find((f) => f.name === 'region')!.target = 'dcim.nowhere';
    expect(() => buildOpenApiDocument(bad)).toThrow('openapi: dcim.sites.region refers to resource `dcim.nowhere`, which is not defined');
  });

  it('names the filter whose choice set is missing', () => {
    const bad = clone();
    const site = bad.resources.find((r) => r.key === 'dcim.sites')!;
    site.filters.find((f) => f.name === 'status')!.choices = 'NoSuchChoices';
    expect(() => buildOpenApiDocument(bad)).toThrow('openapi: dcim.sites filter `status` uses choice set `NoSuchChoices`, which is not defined');
  });

  it('rejects a filter that shadows a paging parameter', () => {
    const bad = clone();
    const site = bad.resources.find((r) => r.key === 'dcim.sites')!;
    site.filters.push({ name: 'limit', kind: 'number', path: 'id', lookups: [] });
    expect(() => buildOpenApiDocument(bad)).toThrow(/dcim.sites: query parameter `limit` comes from both/);
  });

  it('rejects a brief field the resource does not have', () => {
    const bad = clone();
    bad.resources[0].brief = [...bad.resources[0].brief, 'no_such_field'];
    expect(() => buildOpenApiDocument(bad)).toThrow(/lists `no_such_field` among its brief fields/);
  });

  it('describes an unknown extra handler generically instead of failing', () => {
    const bad = clone();
    const site = bad.resources.find((r) => r.key === 'dcim.sites')!;
    site.operations.push({ handler: 'frobnicate', method: 'GET', path: '{id}/frob-report/', auth: true });
    const result = buildOpenApiDocument(bad);
    const op = result.paths['/api/dcim/sites/{id}/frob-report/']!.get!;
    expect(op.operationId).toBe('dcim_sites_frob_report_retrieve');
    expect(op.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(op.description).toBe('Served by the `frobnicate` handler (runtime/inventory).');
    expect((op.responses['200'] as OpenAPIV3.ResponseObject).content!['application/json'].schema).toEqual({ type: 'object', additionalProperties: {} });
  });

  it('builds an extra operation from what it declares: bodies by component name, many, status, summary', () => {
    const bad = clone();
    const site = bad.resources.find((r) => r.key === 'dcim.sites')!;
    site.operations.push(
      { handler: 'site-report', method: 'GET', path: '{id}/report/', response: 'Site', many: true, summary: 'The report.' },
      { handler: 'site-import', method: 'POST', path: 'import/', request: 'WritableSiteRequest', response: 'Site', many: true, status: 200 },
      { handler: 'site-purge', method: 'DELETE', path: '{id}/purge/' },
    );
    const result = buildOpenApiDocument(bad);
    const report = result.paths['/api/dcim/sites/{id}/report/']!.get!;
    expect(report.description).toBe('The report.');
    expect(Object.keys(report.responses)).toEqual(['200']);
    expect((report.responses['200'] as OpenAPIV3.ResponseObject).content!['application/json'].schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Site' } });
    const imported = result.paths['/api/dcim/sites/import/']!.post!;
    expect(imported.operationId).toBe('dcim_sites_import_create');
    expect(Object.keys(imported.responses)).toEqual(['200', '400']);
    expect(imported.requestBody).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WritableSiteRequest' } } } });
    expect(imported.security).toBeUndefined();
    const purge = result.paths['/api/dcim/sites/{id}/purge/']!.delete!;
    expect(purge.responses).toMatchObject({ '204': { description: 'No response body' } });
    expect(purge.requestBody).toBeUndefined();
  });
});
