/**
 * @module
 * A template's `instantiates:` (NetBox's `component_model` and `instantiate()`): the component
 * resource a template creates on a device and the fields that carry over. Checked here so the
 * runtime (runtime/inventory/dcim/templates/) can copy columns without asking: the target is a
 * served resource; every field named is a stored field of both, of the same kind; a `link` is an
 * fk on the template to another template that instantiates, and the target's field of that name
 * is an fk to that template's component; or a `position_mappings` field stored on both (`stored:`),
 * mapping to templates that instantiate the target field's target (a front port template's rear
 * ports become the front port's rear ports); or a generic reference to templates that instantiate,
 * the target's field of that name a generic reference to exactly their components (an inventory
 * item template's component becomes the device's component made from it).
 */
import type { InstantiationEntry } from '../../../runtime/contract/index.ts';
import type { Diagnostic } from '../../diagnostics.ts';
import type { ResourceDefinition } from '../../validate/definitionSchema.ts';
import { didYouMean } from '../../suggest.ts';
import type { ResourceIR } from '../types.ts';
import type { Pending } from './pending.ts';

export function instantiationEntry(definition: NonNullable<ResourceDefinition['instantiates']>): InstantiationEntry {
  return { target: definition.target, resolve: definition.resolve ?? [], copy: definition.copy ?? [], link: definition.link ?? [] };
}

export function checkInstantiation(p: Pending, byKey: Map<string, ResourceIR>, out: Diagnostic[]): void {
  const { ir, source, at, definition } = p;
  const spec = definition.instantiates;
  if (!spec) return;
  const where = [...at, 'instantiates'];
  const target = byKey.get(spec.target);
  if (!target) {
    out.push(source.diagnostic([...where, 'target'], 'E_UNKNOWN_TARGET', `${ir.key} instantiates: unknown target "${spec.target}" (a component resource that is not served yet: leave the declaration out until it is)${didYouMean(spec.target, byKey.keys())}`));
    return;
  }
  for (const list of ['resolve', 'copy', 'link'] as const) {
    (spec[list] ?? []).forEach((name, index) => {
      const mine = ir.fields.find((f) => f.name === name);
      const theirs = target.fields.find((f) => f.name === name);
      const place = [...where, list, index];
      if (list === 'link' && mine?.kind === 'position_mappings') checkMappingLink(p, byKey, spec.target, name, place, out);
      else if (list === 'link' && mine?.kind === 'generic_fk') checkGenericLink(p, byKey, spec.target, name, place, out);
      else if (!mine || !mine.column) out.push(source.diagnostic(place, 'E_UNKNOWN_FIELD', `${ir.key} instantiates.${list}: "${name}" is no stored field of the template${didYouMean(name, ir.fields.filter((f) => f.column).map((f) => f.name))}`));
      else if (!theirs || !theirs.column) out.push(source.diagnostic(place, 'E_UNKNOWN_FIELD', `${ir.key} instantiates.${list}: ${spec.target} has no stored field "${name}"${didYouMean(name, target.fields.filter((f) => f.column).map((f) => f.name))}`));
      else if (list === 'link') {
        const linked = mine.kind === 'fk' ? byKey.get(mine.target!) : undefined;
        const component = linked?.instantiates?.target ?? (linked && p.ir.key === linked.key ? spec.target : undefined);
        if (!linked || !component) out.push(source.diagnostic(place, 'E_INVALID_VALUE', `${ir.key} instantiates.link: "${name}" is not a reference to a template that instantiates a component`));
        else if (theirs.kind !== 'fk' || theirs.target !== component) out.push(source.diagnostic(place, 'E_INVALID_VALUE', `${ir.key} instantiates.link: ${spec.target}.${name} is not a reference to ${component}`));
      } else if (mine.kind !== theirs.kind || (list === 'resolve' && mine.kind !== 'string')) {
        out.push(source.diagnostic(place, 'E_INVALID_VALUE', `${ir.key} instantiates.${list}: "${name}" is a ${mine.kind} here and a ${theirs.kind} on ${spec.target}${list === 'resolve' ? ' (placeholders are resolved in strings only)' : ''}`));
      }
    });
  }
  if (!(spec.resolve ?? []).includes('name') && !(spec.copy ?? []).includes('name')) {
    out.push(source.diagnostic(where, 'E_MISSING_KEY', `${ir.key} instantiates: the component's name must be resolved or copied ("name" in resolve or copy)`));
  }
}

/** A linked position_mappings field: stored on the template and on the component, peers templates of the component's peers. */
function checkMappingLink(p: Pending, byKey: Map<string, ResourceIR>, targetKey: string, name: string, place: (string | number)[], out: Diagnostic[]): void {
  const { ir, source } = p;
  const target = byKey.get(targetKey)!;
  const mine = ir.fields.find((f) => f.name === name)!;
  const theirs = target.fields.find((f) => f.name === name);
  const stored = (resource: ResourceIR, field: string | undefined) => field !== undefined && resource.fields.some((f) => f.name === field && f.column && f.kind === 'json');
  const component = byKey.get(mine.target!)?.instantiates?.target;
  if (!stored(ir, mine.stored)) out.push(source.diagnostic(place, 'E_INVALID_VALUE', `${ir.key} instantiates.link: "${name}" names no stored json field of the template in \`stored\``));
  else if (!component) out.push(source.diagnostic(place, 'E_INVALID_VALUE', `${ir.key} instantiates.link: "${name}" maps to ${mine.target}, a resource that instantiates no component`));
  else if (!theirs || theirs.kind !== 'position_mappings' || theirs.target !== component || !stored(target, theirs.stored)) {
    out.push(source.diagnostic(place, 'E_INVALID_VALUE', `${ir.key} instantiates.link: ${targetKey}.${name} is no position_mappings field to ${component} stored in a json field`));
  }
}

/** A linked generic reference: every template it may name instantiates, and the component's field names exactly their components. */
function checkGenericLink(p: Pending, byKey: Map<string, ResourceIR>, targetKey: string, name: string, place: (string | number)[], out: Diagnostic[]): void {
  const { ir, source } = p;
  const mine = ir.fields.find((f) => f.name === name)!;
  const theirs = byKey.get(targetKey)!.fields.find((f) => f.name === name);
  const components = (mine.generic?.targets ?? []).map((key) => byKey.get(key)?.instantiates?.target);
  const missing = (mine.generic?.targets ?? []).filter((_, i) => !components[i]);
  if (missing.length) out.push(source.diagnostic(place, 'E_INVALID_VALUE', `${ir.key} instantiates.link: "${name}" may name ${missing.join(', ')}, which instantiate no component`));
  else if (theirs?.kind !== 'generic_fk' || [...(theirs.generic?.targets ?? [])].sort().join() !== [...(components as string[])].sort().join()) {
    out.push(source.diagnostic(place, 'E_INVALID_VALUE', `${ir.key} instantiates.link: ${targetKey}.${name} is no generic reference to exactly ${components.join(', ')}`));
  }
}
