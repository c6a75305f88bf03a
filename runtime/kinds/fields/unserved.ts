/**
 * @module
 * `unserved`: a relation NetBox's serializer shows whose target this server does not serve yet
 * (a VM interface's `primary_mac_address` and `mac_addresses`, a VLAN's `l2vpn_termination`). No such
 * object can exist here, so the value is always null (an empty list with `many: true`), and a
 * written reference is refused with the message NetBox gives for an id that names nothing. The
 * field keeps NetBox's name and place in the response for clients that read it; `target_model`
 * names what it will point at once served. Filters on such relations are `empty_relation`
 * method filters (runtime/inventory/core).
 */
import type { OpenAPIV3 } from 'openapi-types';
import * as v from '../validation/index.ts';
import type { FieldKind } from './types.ts';

const describe = (model: string | undefined) => `${model ?? 'An object'} (not served by this server yet: always empty)`;

export const unserved: FieldKind = {
  name: 'unserved',
  keys: ['many', 'target_model'],
  optionsType: 'field',
  defaultColumn: () => null,
  column: () => null,
  response(field) {
    const object: OpenAPIV3.SchemaObject = { type: 'object', additionalProperties: {}, description: describe(field.targetModel) };
    return field.many ? { type: 'array', items: object, ...(field.readOnly ? { readOnly: true } : {}) } : { ...object, nullable: true, ...(field.readOnly ? { readOnly: true } : {}) };
  },
  request: (field) => (field.many ? { type: 'array', items: { type: 'integer' }, description: describe(field.targetModel) } : { type: 'integer', nullable: true, description: describe(field.targetModel) }),
  validators: (field) => ({ [field.name]: field.many ? v.relationList() : v.relation({ nullable: true }) }),
  stage(field, _input, value, item) {
    const refs = field.many ? (value as v.RelationRef[]) : value === null ? [] : [value as v.RelationRef];
    for (const ref of refs) {
      if (field.many) item.error(field.name, typeof ref === 'number' ? `Invalid pk "${ref}" - object does not exist.` : 'Incorrect type. Expected pk value, received dict.');
      else item.error(field.name, typeof ref === 'number' ? `Related object not found using the provided numeric ID: ${ref}` : `Related object not found using the provided attributes: ${v.pythonRepr(ref)}`);
    }
  },
  select: () => null,
  serialize: (field) => (field.many ? [] : null),
  json: (field) => (field.many ? `'[]'::json` : 'NULL'),
};
