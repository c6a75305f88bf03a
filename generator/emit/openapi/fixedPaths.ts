/**
 * @module
 * The paths every NetBox has regardless of the definitions: `/api/status/` (§2.9),
 * `/api/authentication-check/` (§2.10) and `/api/schema/` itself (§2.12).
 */
import type { OpenAPIV3 } from 'openapi-types';
import { errorSchema, jsonResponse, ref, schemaNames, type OpenApiContext } from './context.ts';

/** Languages NetBox's `?lang=` accepts (settings.LANGUAGES). */
const languages = ['cs', 'da', 'de', 'en', 'es', 'fr', 'it', 'ja', 'lv', 'nl', 'pl', 'pt', 'ru', 'tr', 'uk', 'zh'];

const statusSchema: OpenAPIV3.SchemaObject = {
  type: 'object',
  properties: {
    'django-version': { type: 'string' },
    hostname: { type: 'string' },
    installed_apps: { type: 'object', additionalProperties: { type: 'string' } },
    'netbox-version': { type: 'string' },
    'netbox-full-version': { type: 'string' },
    plugins: { type: 'object', additionalProperties: { type: 'string' } },
    'python-version': { type: 'string' },
    'rq-workers-running': { type: 'integer' },
  },
  required: ['django-version', 'hostname', 'installed_apps', 'netbox-version', 'netbox-full-version', 'plugins', 'python-version', 'rq-workers-running'],
};

const forbidden = jsonResponse('Authentication credentials were not provided or are invalid.', errorSchema);

const anyObject: OpenAPIV3.SchemaObject = { type: 'object', additionalProperties: {} };

export function fixedPaths(ctx: OpenApiContext): Record<string, OpenAPIV3.PathItemObject> {
  const users = ctx.ir.resources.find((r) => r.key === 'users.users');
  return {
    '/api/status/': {
      get: {
        operationId: 'status_retrieve',
        description: 'A lightweight read-only endpoint for conveying the current operational status.',
        tags: ['status'],
        responses: { '200': jsonResponse('Versions, installed apps and plugins.', statusSchema), '403': forbidden },
      },
    },
    '/api/authentication-check/': {
      get: {
        operationId: 'authentication_check_retrieve',
        description: 'Return the authenticated user.',
        tags: ['authentication-check'],
        responses: { '200': jsonResponse('The user the credentials belong to.', users ? ref(schemaNames(users).model) : anyObject), '403': forbidden },
      },
    },
    '/api/schema/': {
      get: {
        operationId: 'schema_retrieve',
        description: 'This OpenAPI 3 document: YAML by default, JSON with `?format=json` or `Accept: application/json`.',
        tags: ['schema'],
        parameters: [
          { name: 'format', in: 'query', schema: { type: 'string', enum: ['json', 'yaml'] } },
          { name: 'lang', in: 'query', schema: { type: 'string', enum: languages } },
        ],
        responses: {
          '200': {
            description: 'The OpenAPI document.',
            content: {
              'application/vnd.oai.openapi': { schema: anyObject },
              'application/yaml': { schema: anyObject },
              'application/vnd.oai.openapi+json': { schema: anyObject },
              'application/json': { schema: anyObject },
            },
          },
        },
      },
    },
  };
}
