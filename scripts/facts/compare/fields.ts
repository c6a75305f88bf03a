/**
 * @module
 * A resource's fields against the serializer its NetBox endpoint answers with (serializers.md):
 * the names shown, the brief set, and for each field both have, whether it is read-only,
 * required on create, nullable, blank-accepting (choices), its max length, its choice set and
 * the default NetBox states. A field the definitions write but never show (a module's
 * `replicate_components`, a user's `password`) counts as present: serializers.md does not say
 * which of its fields DRF declares write-only.
 */
import type { FieldIR } from '../../../generator/ir/types.ts';
import type { SerializerField } from '../types.ts';
import { Recorder, show, type Findings, type Subject } from './subject.ts';

export function compareFields({ resource, serializer }: Subject): Findings {
  const record = new Recorder(resource.key);
  if (!serializer) return record;
  // A read-only resource is written by no client: only what it shows is compared.
  const writable = resource.routes !== 'read-only';
  const shown = new Map(resource.fields.filter((f) => !f.writeOnly).map((f) => [f.name, f]));
  const written = new Map(resource.fields.filter((f) => f.writeOnly && !f.readOnly).map((f) => [f.name, f]));
  for (const [name, netbox] of Object.entries(serializer.fields)) {
    const ours = shown.get(name) ?? written.get(name);
    record.check('field', name, ours !== undefined, () => 'shown', () => 'not shown');
    if (ours && writable) compareField(record, name, netbox, ours);
  }
  for (const name of shown.keys()) if (!(name in serializer.fields)) record.check('field', name, false, () => 'not shown', () => 'shown');
  if (serializer.brief) {
    const same = serializer.brief.join() === resource.brief.join();
    record.check('brief', 'brief', same, () => `[${serializer.brief!.join(', ')}]`, () => `[${resource.brief.join(', ')}]`);
  }
  return record;
}

const yesNo = (flag: boolean, yes: string, no: string) => (flag ? yes : no);

function compareField(record: Recorder, name: string, netbox: SerializerField, ours: FieldIR): void {
  const readOnly = netbox.req === 'ro' || netbox.req === 'ro?';
  record.check('read_only', name, readOnly === ours.readOnly, () => yesNo(readOnly, 'read-only', 'writable'), () => yesNo(ours.readOnly, 'read-only', 'writable'));
  if (readOnly || ours.readOnly) return;
  // REQ*: optional to the serializer, but the model refuses the object without it (so whether
  // the serializer would take null or "" does not matter: the model refuses those too).
  const modelRequired = netbox.req === 'REQ*';
  const required = netbox.req === 'REQ' || modelRequired;
  record.check('required', name, required === ours.required, () => yesNo(required, 'required', 'optional'), () => yesNo(ours.required, 'required', 'optional'));
  if (!modelRequired) {
    const nullable = netbox.nullable === true;
    record.check('nullable', name, nullable === ours.nullable, () => yesNo(nullable, 'nullable', 'not null'), () => yesNo(ours.nullable, 'nullable', 'not null'));
  }
  if (netbox.choices || ours.choices) {
    record.check('choices', name, netbox.choices === ours.choices, () => netbox.choices ?? 'none', () => ours.choices ?? 'none');
  }
  // serializers.md marks `blank-ok` where a serializer declares allow_blank; of a field DRF builds
  // from the model (`CharField … choices=`) it does not tell, so only declared ones are compared.
  // The definitions' `blank` is a choice's (other text kinds take "" as any text).
  if (!modelRequired && ours.choices && (netbox.blank || netbox.type === 'choice')) {
    const blank = netbox.blank === true;
    record.check('blank', name, blank === (ours.blank === true), () => yesNo(blank, 'accepts ""', 'refuses ""'), () => yesNo(ours.blank === true, 'accepts ""', 'refuses ""'));
  }
  // A choice's values bound its length. serializers.md states the max_length of model fields, not
  // always of declared ones (a rack's `facility_id`), so a length it does not state is not compared,
  // but for a TextField, which has none.
  if (!netbox.choices && !ours.choices && (netbox.maxLength !== undefined || (netbox.type === 'TextField' && ours.maxLength !== undefined))) {
    record.check('max_length', name, netbox.maxLength === ours.maxLength, () => show(netbox.maxLength), () => show(ours.maxLength));
  }
  if ('default' in netbox) {
    record.check('default', name, sameDefault(netbox.default, ours.default), () => show(netbox.default), () => show(ours.default));
  }
}

/** Python's and ours compared as JSON values, numbers by value (`1.0` is `1`); no default is null. */
function sameDefault(netbox: unknown, ours: unknown): boolean {
  const normal = (v: unknown) => JSON.stringify(v ?? null);
  if (typeof netbox === 'number' && typeof ours === 'string' && ours.trim() !== '') return Number(ours) === netbox;
  return normal(netbox) === normal(ours);
}
