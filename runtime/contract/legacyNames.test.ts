import { describe, expect, it } from 'vitest';
import { isLegacyTarget, legacyEntry, withCurrentNames, withLegacyNames } from './legacyNames.ts';

const names = { device_role: 'role', rear_port: 'rear_ports[position=1].rear_port', rear_port_position: 'rear_ports[position=1].rear_port_position' };

describe('legacy names', () => {
  it('tells a rename from an entry of a list', () => {
    expect(legacyEntry('role')).toBeNull();
    expect(legacyEntry('rear_ports[position=1].rear_port')).toEqual({ list: 'rear_ports', match: 'position', value: 1, key: 'rear_port' });
    expect([isLegacyTarget('role'), isLegacyTarget('rear_ports[position=1].rear_port'), isLegacyTarget('rear_ports[].x'), isLegacyTarget('Role')]).toEqual([true, true, false, false]);
  });

  it('takes former names in a body, the current name winning, entries of one list gathered into one entry', () => {
    expect(withCurrentNames(names, { device_role: 3, rear_port: 7, rear_port_position: 2 })).toMatchObject({ role: 3, rear_ports: [{ position: 1, rear_port: 7, rear_port_position: 2 }] });
    expect(withCurrentNames(names, { device_role: 3, role: 4, rear_port: 7, rear_ports: [] })).toMatchObject({ role: 4, rear_ports: [] });
    expect(withCurrentNames(names, { name: 'x' })).toEqual({ name: 'x' });
  });

  it('repeats current values under former names, an entry’s key from the list, null without the entry', () => {
    expect(withLegacyNames(names, { role: { id: 3 }, rear_ports: [{ position: 2, rear_port: 8, rear_port_position: 1 }, { position: 1, rear_port: 7, rear_port_position: 2 }] })).toMatchObject({
      device_role: { id: 3 }, rear_port: 7, rear_port_position: 2,
    });
    expect(withLegacyNames(names, { rear_ports: [] })).toMatchObject({ rear_port: null, rear_port_position: null });
    expect(withLegacyNames(names, { id: 1 })).toEqual({ id: 1 });
    // Hidden fields go after the former names are read from them.
    expect(withLegacyNames(names, { rear_ports: [{ position: 1, rear_port: 7, rear_port_position: 1 }] }, ['rear_ports'])).toEqual({ rear_port: 7, rear_port_position: 1 });
  });
});
