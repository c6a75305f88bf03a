/**
 * @module
 * Route groups (`group:` files: a plugin's operations under a base path that is no resource) and
 * custom actions: what the IR holds, what the routes and OpenAPI emitters make of them, and the
 * diagnostics for a group that cannot be served.
 */
import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../../runtime/contract/index.ts';
import { buildTableSpecs } from '../../emit/drizzle/tables.ts';
import { buildOpenApiDocument } from '../../emit/openapi/document.ts';
import { emitResourceTable } from '../../emit/resources/emitResourceTable.ts';
import { emitRoutes } from '../../emit/routes/emitRoutes.ts';
import { baseDefinitions, buildFrom, diagnosticsWith } from '../../testdata/definitionSet.ts';

const schemas = `schemas:
  Report:
    type: object
    properties:
      count: { type: integer }
  ReportRequest:
    type: object
    properties:
      books: { type: array, items: { type: integer } }
`;

const group = (extra = '') => `group: shop-reports
base_path: plugins/shop-reports/
resource: shop.books
description: Reports about the shop.
operations:
  - handler: shop-report
    method: GET
    path: report/
    action: view
    response: Report
    parameters:
      - { name: shelf_id, type: integer, many: true, description: Only these shelves }
      - { name: format, type: string, enum: [json, yaml] }
  - handler: shop-export
    method: GET
    path: export/
    media_type: text/yaml
  - handler: shop-recount
    method: POST
    path: recount/
    status: 200
    request: ReportRequest
    response: Report
    errors: { 409: The books changed meanwhile. }
${extra}`;

const files = (extra = '') => ({ ...baseDefinitions, 'schemas.yaml': schemas, 'plugins/shop-reports.yaml': group(extra) });

describe('route groups', () => {
  it('keeps the group in the IR with its operations in order', () => {
    const { ir, diagnostics } = buildFrom(files());
    expect(diagnostics).toEqual([]);
    expect(ir!.inventory.routeGroups).toHaveLength(1);
    const [built] = ir!.inventory.routeGroups;
    expect(built).toMatchObject({ name: 'shop-reports', basePath: '/api/plugins/shop-reports/', resource: 'shop.books', description: 'Reports about the shop.' });
    expect(built.operations.map((o) => o.handler)).toEqual(['shop-report', 'shop-export', 'shop-recount']);
    expect(built.operations[1]).toEqual({ handler: 'shop-export', method: 'GET', path: 'export/', mediaType: 'text/yaml' });
  });

  it('emits the group index and each operation as routes naming the group, its resource and action', () => {
    const { ir } = buildFrom(files());
    const routes = JSON.parse(emitRoutes(ir!.inventory)[0].contents) as RouteEntry[];
    expect(routes.filter((r) => r.group)).toEqual([
      { method: 'GET', path: '/api/plugins/shop-reports/', resource: 'shop.books', operation: 'group_root', group: 'shop-reports' },
      { method: 'GET', path: '/api/plugins/shop-reports/report/', resource: 'shop.books', operation: 'extra', handler: 'shop-report', group: 'shop-reports', action: 'view' },
      { method: 'GET', path: '/api/plugins/shop-reports/export/', resource: 'shop.books', operation: 'extra', handler: 'shop-export', group: 'shop-reports' },
      { method: 'POST', path: '/api/plugins/shop-reports/recount/', resource: 'shop.books', operation: 'extra', handler: 'shop-recount', group: 'shop-reports' },
    ]);
  });

  it('describes the operations in the OpenAPI document: parameters, bodies, media type, statuses', () => {
    const { ir } = buildFrom(files());
    const document = buildOpenApiDocument(ir!.inventory);
    const report = document.paths['/api/plugins/shop-reports/report/']!.get!;
    expect(report.operationId).toBe('plugins_shop_reports_report_retrieve');
    expect(report.tags).toEqual(['shop-reports']);
    expect(report.parameters).toEqual([
      { name: 'shelf_id', in: 'query', description: 'Only these shelves', schema: { type: 'array', items: { type: 'integer' } }, explode: true, style: 'form' },
      { name: 'format', in: 'query', schema: { type: 'string', enum: ['json', 'yaml'] } },
    ]);
    expect(Object.keys(report.responses)).toEqual(['200', '400']);
    const exported = document.paths['/api/plugins/shop-reports/export/']!.get!;
    expect((exported.responses['200'] as any).content).toEqual({ 'text/yaml': { schema: { type: 'string' } } });
    const recount = document.paths['/api/plugins/shop-reports/recount/']!.post!;
    expect(recount.operationId).toBe('plugins_shop_reports_recount_create');
    expect((recount.requestBody as any).content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ReportRequest' });
    expect(Object.keys(recount.responses).sort()).toEqual(['200', '400', '403', '409']);
    expect((recount.responses['409'] as any).description).toBe('The books changed meanwhile.');
    expect(document.paths['/api/plugins/shop-reports/']).toBeUndefined();
  });

  it('gives a group its own tables: an identity id, the columns, an index per unique column', () => {
    const tables = `tables:
  shop_report_cache:
    description: Reports computed once.
    columns:
      name: { type: varchar, length: 50, unique: true }
      body: { type: jsonb, nullable: true }
      made: { type: timestamp }
`;
    const { ir, diagnostics } = buildFrom(files(tables));
    expect(diagnostics).toEqual([]);
    expect(ir!.inventory.routeGroups[0].tables).toEqual([
      { name: 'shop_report_cache', columns: [{ name: 'name', type: 'varchar', length: 50, nullable: false, unique: true }, { name: 'body', type: 'jsonb', nullable: true, unique: false }, { name: 'made', type: 'timestamp', nullable: false, unique: false }] },
    ]);
    const table = buildTableSpecs(ir!.inventory).find((t) => t.name === 'shop_report_cache')!;
    expect(table.columns.map((c) => `${c.name} ${c.sqlType}${c.modifiers.some((m) => m.kind === 'notNull') ? ' not null' : ''}`)).toEqual(['id integer', 'name varchar not null', 'body jsonb', 'made timestamptz not null']);
    expect(table.indexes).toEqual([{ name: 'shop_report_cache_name_uniq', unique: true, parts: [{ column: 'name', lower: false }], whereNull: [], meaning: null }]);
    expect(diagnosticsWith({ 'schemas.yaml': schemas, 'plugins/shop-reports.yaml': group(tables.replace('type: varchar, length: 50,', 'type: varchar,')) })).toEqual([
      expect.stringContaining('a varchar column needs a length'),
    ]);
  });

  it('answers at the base path itself with an operation of path "", instead of the group\'s index, a ViewSet\'s list', () => {
    const rooted = group().replace('    path: report/\n', '    path: ""\n');
    const { ir, diagnostics } = buildFrom({ ...baseDefinitions, 'schemas.yaml': schemas, 'plugins/shop-reports.yaml': rooted });
    expect(diagnostics).toEqual([]);
    const routes = JSON.parse(emitRoutes(ir!.inventory)[0].contents) as RouteEntry[];
    expect(routes.filter((r) => r.group === 'shop-reports' && r.method === 'GET').map((r) => `${r.path} ${r.operation} ${r.handler ?? ''}`)).toEqual([
      '/api/plugins/shop-reports/ extra shop-report',
      '/api/plugins/shop-reports/export/ extra shop-export',
    ]);
    const document = buildOpenApiDocument(ir!.inventory);
    expect(document.paths['/api/plugins/shop-reports/']?.get?.operationId).toBe('plugins_shop_reports_list');
  });

  it('marks every route of a listed group, for its app root; others not', () => {
    const listed = group().replace('description: Reports about the shop.\n', 'description: Reports about the shop.\nlisted: true\n');
    const { ir, diagnostics } = buildFrom({ ...baseDefinitions, 'schemas.yaml': schemas, 'plugins/shop-reports.yaml': listed });
    expect(diagnostics).toEqual([]);
    expect(ir!.inventory.routeGroups[0].listed).toBe(true);
    const routes = JSON.parse(emitRoutes(ir!.inventory)[0].contents) as RouteEntry[];
    expect(routes.filter((r) => r.group === 'shop-reports').map((r) => r.listed ?? false)).toEqual([false, true, true, true]);
    const plain = JSON.parse(emitRoutes(buildFrom(files()).ir!.inventory)[0].contents) as RouteEntry[];
    expect(plain.some((r) => 'listed' in r)).toBe(false);
  });

  it("carries an operation's permission class into its route, and refuses an unknown one", () => {
    const classed = group().replace('    path: export/\n', '    path: export/\n    permission: is_authenticated\n');
    const { ir, diagnostics } = buildFrom({ ...baseDefinitions, 'schemas.yaml': schemas, 'plugins/shop-reports.yaml': classed });
    expect(diagnostics).toEqual([]);
    const routes = JSON.parse(emitRoutes(ir!.inventory)[0].contents) as RouteEntry[];
    expect(routes.filter((r) => r.group === 'shop-reports').map((r) => `${r.handler ?? r.operation} ${r.permission ?? '-'}`)).toEqual(['group_root -', 'shop-report -', 'shop-export is_authenticated', 'shop-recount -']);
    // A base path also replaced or deleted is one object: its GET is a retrieve (NetBox's DashboardView).
    const object = group().replace('    path: report/\n', '    path: ""\n').replace('    method: POST\n    path: recount/\n', '    method: DELETE\n    path: ""\n').replace('    status: 200\n    request: ReportRequest\n    response: Report\n', '');
    const built = buildFrom({ ...baseDefinitions, 'schemas.yaml': schemas, 'plugins/shop-reports.yaml': object });
    expect(built.diagnostics).toEqual([]);
    const item = buildOpenApiDocument(built.ir!.inventory).paths['/api/plugins/shop-reports/']!;
    expect([item.get?.operationId, item.delete?.operationId]).toEqual(['plugins_shop_reports_retrieve', 'plugins_shop_reports_destroy']);
    // Still an authenticated route in the OpenAPI document.
    expect(buildOpenApiDocument(ir!.inventory).paths['/api/plugins/shop-reports/export/']?.get).not.toHaveProperty('security');
    const wrong = group().replace('    path: export/\n', '    path: export/\n    permission: anyone\n');
    expect(buildFrom({ ...baseDefinitions, 'schemas.yaml': schemas, 'plugins/shop-reports.yaml': wrong }).diagnostics).toEqual([expect.stringContaining('E_INVALID_VALUE')]);
  });

  it('keeps text arrays in a group table, with a GIN index where asked', () => {
    const tables = `tables:\n  shop_path:\n    description: Paths.\n    columns:\n      nodes: { type: text_array, index: gin }\n      label: { type: text, index: btree }\n`;
    const { ir, diagnostics } = buildFrom(files(tables));
    expect(diagnostics).toEqual([]);
    const table = buildTableSpecs(ir!.inventory).find((t) => t.name === 'shop_path')!;
    expect(table.columns.map((c) => `${c.name} ${c.sqlType}`)).toEqual(['id integer', 'nodes text[]', 'label text']);
    expect(table.indexes).toEqual([
      { name: 'shop_path_nodes_idx', unique: false, using: 'gin', parts: [{ column: 'nodes', lower: false }], whereNull: [], meaning: null },
      { name: 'shop_path_label_idx', unique: false, parts: [{ column: 'label', lower: false }], whereNull: [], meaning: null },
    ]);
  });

  it('refuses an unknown resource, a base path under an app, a repeated route and a missing schema', () => {
    expect(diagnosticsWith({ 'schemas.yaml': schemas, 'plugins/shop-reports.yaml': group().replace('resource: shop.books', 'resource: shop.bookz') })).toEqual([
      'definitions/plugins/shop-reports.yaml:3:11 E_UNKNOWN_TARGET route group shop-reports: unknown resource "shop.bookz"; did you mean "shop.books"?',
    ]);
    // Under an app's path, a group may take a path no resource has, not a resource's nor the app's root.
    const at = (base: string) => diagnosticsWith({ 'schemas.yaml': schemas, 'plugins/shop-reports.yaml': group().replace('base_path: plugins/shop-reports/', `base_path: ${base}`) });
    expect(at('shop/reports/')).toEqual([]);
    expect(at('shop/books/')).toEqual(['definitions/plugins/shop-reports.yaml:2:12 E_DUPLICATE_PATH route group shop-reports: /api/shop/books/ is the path of resource shop.books']);
    expect(at('shop/')).toEqual(['definitions/plugins/shop-reports.yaml:2:12 E_DUPLICATE_PATH route group shop-reports: /api/shop/ is the path of app "shop"']);
    const twice = '  - { handler: shop-report-again, method: GET, path: report/ }\n';
    expect(diagnosticsWith({ 'schemas.yaml': schemas, 'plugins/shop-reports.yaml': group(twice) })).toEqual([
      'definitions/plugins/shop-reports.yaml:25:54 E_DUPLICATE_PATH route group shop-reports: GET /api/plugins/shop-reports/report/ is defined twice',
    ]);
    expect(diagnosticsWith({ 'plugins/shop-reports.yaml': group() })).toEqual([
      'definitions/plugins/shop-reports.yaml:10:15 E_UNKNOWN_FIELD route group shop-reports operation shop-report: no schema "Report" (define it in schemas.yaml)',
      'definitions/plugins/shop-reports.yaml:22:14 E_UNKNOWN_FIELD route group shop-reports operation shop-recount: no schema "ReportRequest" (define it in schemas.yaml)',
      'definitions/plugins/shop-reports.yaml:23:15 E_UNKNOWN_FIELD route group shop-reports operation shop-recount: no schema "Report" (define it in schemas.yaml)',
    ]);
  });

  it('takes the component schemas of the group, and refuses one defined twice', () => {
    const own = `schemas:\n  Summary:\n    type: object\n    properties:\n      total: { type: integer }\n`;
    const { ir, diagnostics } = buildFrom({ ...files(own), 'plugins/shop-reports.yaml': group().replace('response: Report\n', 'response: Summary\n') + own });
    expect(diagnostics).toEqual([]);
    expect(ir!.inventory.schemas.Summary).toEqual({ type: 'object', properties: { total: { type: 'integer' } } });
    const clash = `schemas:\n  Report: { type: object }\n`;
    expect(diagnosticsWith({ 'schemas.yaml': schemas, 'plugins/shop-reports.yaml': group() + clash })).toEqual([
      'definitions/plugins/shop-reports.yaml:26:3 E_DUPLICATE_PATH route group shop-reports: component schema "Report" is already defined',
    ]);
  });

  it('checks the file against its own schema: unknown keys, a missing base path, no operations', () => {
    expect(diagnosticsWith({ 'plugins/x.yaml': 'group: x\nbase_path: plugins/x/\nresource: shop.books\noperations: []\nbase: 1\n' })).toEqual([
      'definitions/plugins/x.yaml:4:13 E_INVALID_VALUE operations: Too small: expected array to have >=1 items',
      'definitions/plugins/x.yaml:5:1 E_UNKNOWN_KEY unknown key "base"',
    ]);
    expect(diagnosticsWith({ 'plugins/x.yaml': 'group: x\nresource: shop.books\noperations: [{ handler: x, method: GET, path: x/ }]\n' })).toEqual([
      'definitions/plugins/x.yaml:1:1 E_MISSING_KEY missing required key "base_path"',
    ]);
  });
});

describe('custom actions', () => {
  const withActions = (actions: string) => ({
    ...baseDefinitions,
    'shop.yaml': baseDefinitions['shop.yaml'].replace('    brief: [id, url, display, name]\n', `    brief: [id, url, display, name]\n${actions}`),
  });

  it('registers declared custom actions and the non-standard actions of operations, sorted, in the resource table', () => {
    const { ir, diagnostics } = buildFrom(withActions(`    custom_actions:
      sync: { label: Synchronize, help_text: Synchronize the books from their source }
    operations:
      - { handler: book-render, method: POST, path: "{id}/render/", action: render_config }
      - { handler: book-copy, method: POST, path: "{id}/copy/", action: add }
`));
    expect(diagnostics).toEqual([]);
    const books = ir!.inventory.resources.find((r) => r.key === 'shop.books')!;
    expect(books.customActions).toEqual([
      { name: 'render_config', label: 'Render config' },
      { name: 'sync', label: 'Synchronize', helpText: 'Synchronize the books from their source' },
    ]);
    const table = JSON.parse(emitResourceTable(ir!.inventory)[0].contents);
    expect(table.resources.find((r: any) => r.key === 'shop.books').customActions).toEqual(books.customActions);
    expect(table.resources.find((r: any) => r.key === 'shop.shelves').customActions).toBeUndefined();
  });

  it('refuses a standard action declared as custom', () => {
    expect(diagnosticsWith(withActions('    custom_actions:\n      view: { label: View }\n'))).toEqual([
      'definitions/shop.yaml:16:7 E_INVALID_VALUE shop.books custom_actions: "view" is a standard action, not a custom one',
    ]);
  });

  it('carries change_records into the resource table', () => {
    const { ir } = buildFrom(withActions('    change_records: true\n'));
    const table = JSON.parse(emitResourceTable(ir!.inventory)[0].contents);
    expect(table.resources.find((r: any) => r.key === 'shop.books').changeRecords).toBe(true);
  });
});
