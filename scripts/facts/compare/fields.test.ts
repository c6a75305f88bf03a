/**
 * A resource's fields against its serializer's: what differs per aspect, and what the reference
 * cannot tell and so is not compared (blank of model-built choices, a max length a declared field
 * does not state, writes of a read-only resource, a REQ* field's null).
 */
import { describe, expect, it } from 'vitest';
import { field, resource, serializer, subject, subjects } from './fixtures.ts';
import { compareFields } from './fields.ts';

describe('compareFields', () => {
  it('finds fields shown on one side only and a brief set that differs', () => {
    const found = compareFields(subject(resource([field('id', { readOnly: true }), field('extra')]), { serializer: serializer({ id: { req: 'ro', type: '' }, missing: { req: 'opt', type: 'CharField' } }, ['id', 'missing']) }));
    expect(found.differences).toEqual([
      { scope: 'test.things', aspect: 'field', subject: 'missing', netbox: 'shown', ours: 'not shown' },
      { scope: 'test.things', aspect: 'field', subject: 'extra', netbox: 'not shown', ours: 'shown' },
      { scope: 'test.things', aspect: 'brief', subject: 'brief', netbox: '[id, missing]', ours: '[id]' },
    ]);
  });

  it('compares read-only, required, nullable, choices, blank, max length and stated defaults', () => {
    const ours = resource([
      field('name', { required: true, maxLength: 50 }),
      field('status', { kind: 'choice', choices: 'StatusChoices', blank: true, default: 'active' }),
      field('size', { kind: 'integer', nullable: true, readOnly: true }),
    ]);
    const found = compareFields(subject(ours, {
      serializer: serializer({
        name: { req: 'opt', type: 'CharField', maxLength: 100 },
        status: { req: 'opt', type: 'choice', choices: 'OtherChoices', default: 'planned' },
        size: { req: 'opt', type: 'IntegerField', nullable: true },
      }),
    }));
    expect(subjects(found.differences)).toEqual(['required name', 'max_length name', 'choices status', 'blank status', 'default status', 'read_only size']);
  });

  it('leaves out what the reference cannot tell', () => {
    const ours = resource([
      field('type', { kind: 'choice', choices: 'CableTypeChoices', blank: true, nullable: true }),
      field('facility', { maxLength: 50, nullable: true }),
      field('protocol', { kind: 'choice', choices: 'ProtocolChoices', required: true }),
    ]);
    const found = compareFields(subject(ours, {
      serializer: serializer({
        type: { req: 'opt', type: 'CharField', maxLength: 50, choices: 'CableTypeChoices', nullable: true },
        facility: { req: 'opt', type: 'CharField', nullable: true, blank: true, default: null },
        protocol: { req: 'REQ*', type: 'choice', choices: 'ProtocolChoices', nullable: true, blank: true },
      }),
    }));
    expect(found.differences).toEqual([]);
    expect(found.compared).toMatchObject({ field: 3, read_only: 3, required: 3, nullable: 2, choices: 2, default: 1 });
    const readOnly = compareFields(subject(resource([field('path')], { routes: 'read-only' }), { serializer: serializer({ path: { req: 'ro', type: 'CharField' } }) }));
    expect(readOnly.differences).toEqual([]);
  });
});
