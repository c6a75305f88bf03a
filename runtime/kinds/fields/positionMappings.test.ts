/**
 * `position_mappings`: a front port's `rear_ports` (and a rear port's `front_ports`), written as
 * `[{position, <peer>, <peer>_position}]`, checked item by item, kept aside for the model's rules,
 * read through a named expression.
 */
import { describe, expect, it } from 'vitest';
import { FakeItem, fakeCatalog, fakeOpenApiContext, fakeResource, fakeSelectContext, fakeSerializeContext, fakeStageContext, fieldOf, parse } from '../../testing/kinds.ts';
import { fieldKind } from './index.ts';
import { peerKey, positionMappings } from './positionMappings.ts';

const rear = fakeResource('dcim.rear-ports', [{ name: 'name', kind: 'string' }], { model: 'RearPort' });
const front = fakeResource('dcim.front-ports', [{ name: 'rear_ports', kind: 'position_mappings', target: 'dcim.rear-ports', expression: 'front_port_rear_ports' }], { model: 'FrontPort' });
const catalog = fakeCatalog([rear, front]);
const field = fieldOf(front, 'rear_ports');
const validate = (value: unknown) => parse(positionMappings.validators!(field, catalog).rear_ports, value);

describe('position_mappings', () => {
  it('is registered, has no column and names the peer after the target model', () => {
    expect(fieldKind('position_mappings')).toBe(positionMappings);
    expect(positionMappings.column(field, catalog)).toBeNull();
    expect(peerKey(field, catalog)).toBe('rear_port');
  });

  it('names the peer after `peer:` when given (a front port template maps to rear port templates as `rear_port`)', () => {
    const rearTemplate = fakeResource('dcim.rear-port-templates', [{ name: 'name', kind: 'string' }], { model: 'RearPortTemplate' });
    const frontTemplate = fakeResource('dcim.front-port-templates', [{ name: 'rear_ports', kind: 'position_mappings', target: 'dcim.rear-port-templates', peer: 'rear_port', stored: '_mappings', expression: 'x' }], { model: 'FrontPortTemplate' });
    const templates = fakeCatalog([rearTemplate, frontTemplate]);
    const templateField = fieldOf(frontTemplate, 'rear_ports');
    expect(peerKey(templateField, templates)).toBe('rear_port');
    expect(parse(positionMappings.validators!(templateField, templates).rear_ports, [{ position: 1, rear_port: 4 }])).toEqual({ value: [{ position: 1, peer: 4, peerPosition: 1 }] });
    expect(peerKey({ ...templateField, peer: undefined }, templates)).toBe('rear_port_template');
  });

  it('takes a list of {position, rear_port, rear_port_position}, the rear position defaulting to 1', () => {
    expect(validate([{ position: 1, rear_port: 7, rear_port_position: 2 }, { position: '2', rear_port: '8' }])).toEqual({
      value: [
        { position: 1, peer: 7, peerPosition: 2 },
        { position: 2, peer: 8, peerPosition: 1 },
      ],
    });
    expect(validate([])).toEqual({ value: [] });
  });

  it('reports each bad item under its index with DRF’s words, and a value that is no list', () => {
    expect(validate([7, { rear_port: 'x', rear_port_position: 0 }, { position: 1025, rear_port: null }, { position: 1.5, rear_port: 3, rear_port_position: null }])).toEqual({
      errors: [
        ['0', 'Invalid data. Expected a dictionary, but got int.'],
        ['1', 'position: This field is required.'],
        ['1', 'rear_port: Incorrect type. Expected pk value, received str.'],
        ['1', 'rear_port_position: Ensure this value is greater than or equal to 1.'],
        ['2', 'position: Ensure this value is less than or equal to 1024.'],
        ['2', 'rear_port: This field may not be null.'],
        ['3', 'position: A valid integer is required.'],
        ['3', 'rear_port_position: This field may not be null.'],
      ],
    });
    expect(validate({ position: 1 })).toEqual({ errors: ['Expected a list of items but got type "dict".'] });
  });

  it('refuses a rear port that does not exist, and keeps the list for the rules', () => {
    expect(positionMappings.references!(field, 'rear_ports', [{ position: 1, peer: 7, peerPosition: 1 }])).toEqual({ target: 'dcim.rear-ports', refs: [7] });
    const item = new FakeItem();
    const value = [
      { position: 1, peer: 7, peerPosition: 1 },
      { position: 2, peer: 9, peerPosition: 1 },
    ];
    positionMappings.stage!(field, 'rear_ports', value, item, fakeStageContext(catalog, (_t, ref) => (ref === 7 ? { id: 7 } : { error: 'gone' })));
    // Under the item's index, as the validator's item messages (errorDetail where a writer has no errorItem).
    expect(item.errors).toEqual({ rear_ports: { 1: 'rear_port: Invalid pk "9" - object does not exist.' } });
    expect(item.extras.get('rear_ports')).toBe(value);
    expect(item.columns).toEqual({});
  });

  it('shows the stored mappings with the peer’s names, and documents them', () => {
    expect(positionMappings.select(field, front, 't', fakeSelectContext(catalog))).toBe('EXPR(front_port_rear_ports, t)');
    const row = { rear_ports: [{ position: 1, peer: '7', peer_position: 2 }] };
    expect(positionMappings.serialize(field, front, row, fakeSerializeContext(catalog))).toEqual([{ position: 1, rear_port: 7, rear_port_position: 2 }]);
    expect(positionMappings.serialize(field, front, { rear_ports: null }, fakeSerializeContext(catalog))).toEqual([]);
    const api = fakeOpenApiContext(catalog);
    expect(positionMappings.request!(field, api)).toMatchObject({ type: 'array', items: { required: ['position', 'rear_port'], properties: { rear_port_position: { default: 1 } } } });
    expect(Object.keys((positionMappings.response(field, api) as { items: { properties: object } }).items.properties)).toEqual(['position', 'rear_port', 'rear_port_position']);
  });
});
