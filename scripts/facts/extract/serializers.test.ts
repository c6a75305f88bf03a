/**
 * serializers.md and endpoints.md as the extract reads them: a row's flags, defaults and types,
 * a section's brief set, the first of two rows of one field, and an endpoint whose model column
 * holds a queryset.
 */
import { describe, expect, it } from 'vitest';
import { parseEndpoints, parseNotes, parseSerializers } from './serializers.ts';

const choices = { ColorChoices: [['9e9e9e', 'Grey'] as [string, string]], LinkStatusChoices: [['connected', 'Connected'] as [string, string]] };

describe('parseNotes', () => {
  it('reads a field class with its max length and flags', () => {
    expect(parseNotes('REQ', 'CharField max=100 UNIQUE', choices)).toEqual({ req: 'REQ', type: 'CharField', maxLength: 100, unique: true });
    expect(parseNotes('opt', 'CharField max=VRF_RD_MAX_LENGTH nullable UNIQUE', choices)).toEqual({ req: 'opt', type: 'CharField', maxLengthName: 'VRF_RD_MAX_LENGTH', nullable: true, unique: true });
    expect(parseNotes('opt', 'nested Tag[]', choices)).toEqual({ req: 'opt', type: 'nested Tag', many: true });
    expect(parseNotes('REQ', 'CharField(write-only) max=128', choices)).toEqual({ req: 'REQ', type: 'CharField', writeOnly: true, maxLength: 128 });
    expect(parseNotes('ro', 'read-only', choices)).toEqual({ req: 'ro', type: '' });
  });

  it('reads declared and model choice fields, blank and the remark on model-required ones', () => {
    expect(parseNotes('opt', 'choice:IPAddressRoleChoices blank-ok', choices)).toEqual({ req: 'opt', type: 'choice', choices: 'IPAddressRoleChoices', blank: true });
    expect(parseNotes('opt', 'CharField max=50 choices=CableTypeChoices nullable', choices)).toEqual({ req: 'opt', type: 'CharField', maxLength: 50, choices: 'CableTypeChoices', nullable: true });
    const starred = 'choice:ServiceProtocolChoices (serializer-optional but model field is NOT NULL without default => effectively required; omitted -> 400 from model full_clean)';
    expect(parseNotes('REQ*', starred, choices)).toEqual({ req: 'REQ*', type: 'choice', choices: 'ServiceProtocolChoices' });
  });

  it('resolves defaults to values where they are values, and keeps the others as text', () => {
    expect(parseNotes('opt', 'nested CableBundle nullable default=None', choices).default).toBeNull();
    expect(parseNotes('opt', "choice:DeviceFaceChoices blank-ok default=lambda: ''", choices)).toMatchObject({ blank: true, default: '' });
    expect(parseNotes('opt', 'DecimalField default=1.0', choices).default).toBe(1);
    expect(parseNotes('opt', 'ColorField default=ColorChoices.COLOR_GREY', choices).default).toBe('9e9e9e');
    expect(parseNotes('opt', 'CharField max=50 choices=LinkStatusChoices default=LinkStatusChoices.STATUS_CONNECTED', choices).default).toBe('connected');
    const custom = parseNotes('opt', 'CustomFieldsDataField default=CreateOnlyDefault(CustomFieldDefaultValues())', choices);
    expect(custom).toEqual({ req: 'opt', type: 'CustomFieldsDataField', defaultExpression: 'CreateOnlyDefault(CustomFieldDefaultValues())' });
  });
});

describe('parseSerializers', () => {
  it('reads a section: model, app, brief set and rows (the first of a repeated field)', () => {
    const text = [
      '# title',
      '## TokenSerializer  (model Token; netbox/users/api/serializers_/tokens.py)',
      "brief_fields: ['id', 'url', 'display', 'key']",
      'default ordering: [\'-created\']',
      '| field | req | type/notes |',
      '|---|---|---|',
      '| id | ro | read-only |',
      '| key | ro | CharField |',
      '| key | opt | CharField max=40 |',
      '| enabled | opt | BooleanField default=True |',
      '',
    ].join('\n');
    expect(parseSerializers(text, {})).toEqual({
      TokenSerializer: {
        model: 'Token',
        app: 'users',
        brief: ['id', 'url', 'display', 'key'],
        fields: { id: { req: 'ro', type: '' }, key: { req: 'ro', type: 'CharField' }, enabled: { req: 'opt', type: 'BooleanField', default: true } },
      },
    });
  });
});

describe('parseEndpoints', () => {
  it('reads each endpoint, naming the model a queryset column names', () => {
    const text = [
      '| path | viewset | model | serializer | kind / mixins |',
      '|---|---|---|---|---|',
      '| /api/dcim/devices/ | DeviceViewSet | Device |  | CRUD+bulk SequentialBulkCreatesMixin |',
      '| /api/users/users/ | UserViewSet | RestrictedQuerySet(model=User).order_by( | UserSerializer | CRUD+bulk  |',
      '| /api/vpn/l2vpns/ | L2VPNViewSet | L2VPN.objects.all() | L2VPNSerializer | CRUD+bulk  |',
    ].join('\n');
    expect(parseEndpoints(text)).toEqual({
      '/api/dcim/devices/': { model: 'Device', serializer: '', kind: 'CRUD+bulk SequentialBulkCreatesMixin' },
      '/api/users/users/': { model: 'User', serializer: 'UserSerializer', kind: 'CRUD+bulk' },
      '/api/vpn/l2vpns/': { model: 'L2VPN', serializer: 'L2VPNSerializer', kind: 'CRUD+bulk' },
    });
  });
});
