/**
 * @module
 * Emits generated/inventory/validators.ts: one zod request schema per resource, composed of the
 * field validators in runtime/rest/validation (the logic lives there; this file is data).
 */
import { StructureKind, VariableDeclarationKind } from 'ts-morph';
import type { FieldIR, InventoryIR } from '../../ir/types.ts';
import type { EmitContext } from '../inventoryEmitters.ts';
import { printTypeScript } from '../printTypeScript.ts';
import type { GeneratedFile } from '../types.ts';

/** Writable means clients may send it: not read-only (hidden fields are read-only too). */
export const isWritable = (f: FieldIR) => !f.readOnly && !['id', 'url', 'display_url', 'display', 'count', 'depth'].includes(f.kind);

function options(entries: Record<string, unknown>): string {
  const set = Object.entries(entries).filter(([, v]) => v !== undefined && v !== null && v !== false);
  return set.length ? `{ ${set.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')} }` : '';
}

function validatorCall(field: FieldIR, ir: InventoryIR): string {
  const nullable = field.nullable || undefined;
  const text = { maxLength: field.maxLength ?? undefined, nullable, required: field.required || undefined };
  switch (field.kind) {
    case 'string': case 'password': return `v.string(${options(text)})`;
    case 'text': return `v.string(${options({ nullable, required: field.required || undefined })})`;
    case 'slug': return `v.slug(${options(text)})`;
    case 'email': return `v.email(${options(text)})`;
    case 'color': return `v.color(${options(text)})`;
    case 'timezone': return `v.timezone(${options({ nullable })})`;
    case 'integer': return `v.integer(${options({ nullable, min: field.minValue ?? undefined, max: field.maxValue ?? undefined })})`;
    case 'decimal': return `v.decimal(${options({ nullable, min: field.minValue ?? undefined, max: field.maxValue ?? undefined, digits: field.digits ?? undefined })})`;
    case 'boolean': return `v.boolean(${options({ nullable })})`;
    case 'datetime': return `v.datetime(${options({ nullable })})`;
    case 'date': return `v.date(${options({ nullable })})`;
    case 'json': return `v.json(${options({ nullable })})`;
    case 'string_list': return `v.stringList()`;
    case 'ip_network_list': return `v.ipNetworkList()`;
    case 'choice': {
      const values = ir.choiceSets.find((c) => c.name === field.choiceSet)?.choices.map((c) => c.value) ?? [];
      return `v.choice(${JSON.stringify(values)}${nullable ? ', { nullable: true, allowBlank: true }' : ''})`;
    }
    case 'fk': return `v.relation(${options({ nullable })})`;
    case 'object_type': {
      const types = field.generic!.targets.map((key) => ir.resources.find((r) => r.key === key)?.objectType).filter((t): t is string => !!t);
      return `v.objectType(${JSON.stringify(types)}${nullable ? ', { nullable: true }' : ''})`;
    }
    case 'm2m': case 'tags': return 'v.relationList()';
    case 'custom_fields': return 'v.customFields()';
    default: throw new Error(`no validator for field kind ${field.kind}`);
  }
}

export function emitValidators(ir: InventoryIR, { templates }: EmitContext): GeneratedFile[] {
  const path = 'inventory/validators.ts';
  const entries = ir.resources.map((r) => {
    const fields = r.fields.filter(isWritable).map((f) => `    ${f.name}: ${validatorCall(f, ir)},`);
    if (r.fields.some((f) => f.kind === 'tags')) fields.push('    add_tags: v.relationList(),', '    remove_tags: v.relationList(),');
    return `  '${r.key}': v.resource({\n${fields.join('\n')}\n  }),`;
  });
  const contents = printTypeScript(
    path,
    {
      statements: [
        { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../../runtime/rest/validation/index.ts', namedImports: ['v'] },
        { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: '../../runtime/rest/validation/index.ts', namedImports: ['ResourceSchema'] },
        {
          kind: StructureKind.VariableStatement,
          isExported: true,
          declarationKind: VariableDeclarationKind.Const,
          declarations: [{ name: 'validators', type: 'Record<string, ResourceSchema>', initializer: `{\n${entries.join('\n')}\n}` }],
        },
      ],
    },
    templates['ts-header']({ source: 'definitions/', description: 'Request validators, one zod schema per resource.' }),
  );
  return [{ path, contents }];
}
