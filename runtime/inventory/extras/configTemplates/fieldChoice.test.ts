/**
 * The rule that chooses the fields templates are given: the fields a template names (attributes,
 * literal subscripts and arguments, former names) and `id`; every field when it reaches one by a
 * computed name or looks at an object whole; code told from plain text and string contents.
 */
import { describe, expect, it } from 'vitest';
import type { Resource } from '../../../contract/index.ts';
import { codeOf, fieldChoice, fieldsQuery } from './fieldChoice.ts';

const resource = {
  fields: ['id', 'url', 'display', 'name', 'description', 'mtu', 'enabled', 'site', 'role', 'custom_fields', 'config_context'].map((name) => ({ name })),
  legacyNames: { device_role: 'role' },
} as unknown as Resource;

/** The fields given to `resource` by `sources`, or 'all' for the full form. */
function fields(...sources: string[]): string[] | 'all' {
  const query = fieldsQuery(resource, fieldChoice(sources));
  return query.has('fields') ? query.get('fields')!.split(',').sort() : 'all';
}

describe('the fields templates are given', () => {
  it('are the ones the text names, with id', () => {
    expect(fields('{% for i in device.interfaces.all() %}{{ i.name }} {{ i.description | default("x") }}{% endfor %}')).toEqual(['description', 'id', 'name']);
    expect(fields('{{ device.site.slug }}')).toEqual(['id', 'site']);
    expect(fields('nothing named')).toEqual(['id']);
  });

  it('include names in literal subscripts and arguments, and in every template of the set', () => {
    expect(fields(`{{ i['mtu'] }} {{ i["enabled"] }} {{ list[0] }} {{ list[1:-1] }}`)).toEqual(['enabled', 'id', 'mtu']);
    expect(fields(`{{ xs | map(attribute='name') | join }} {{ xs | selectattr('enabled') | list }} {{ x | attr("mtu") }}`)).toEqual(['enabled', 'id', 'mtu', 'name']);
    expect(fields(`{{ xs | sort(attribute='site.name') }} {{ xs | groupby('role') }} {{ d.get('url') }}`)).toEqual(['id', 'name', 'role', 'site', 'url']);
    expect(fields('{{ a.name }}{% include "b" %}', '{{ b.description }}')).toEqual(['description', 'id', 'name']);
  });

  it('include a field named by its former name (LEGACY_FIELD_NAMES)', () => {
    expect(fields('{{ device.device_role.name }}')).toEqual(['id', 'name', 'role']);
  });

  it('always include the fields asked for', () => {
    expect(fieldsQuery(resource, fieldChoice(['{{ device.name }}']), ['config_context']).get('fields')!.split(',').sort()).toEqual(['config_context', 'id', 'name']);
  });

  it('are all of them when a field may be reached by a computed name', () => {
    for (const source of [
      '{{ iface[key] }}',
      '{{ iface["na" ~ "me"] }}',
      '{{ xs[:n] }}',
      '{{ device.interfaces.all()[i] }}',
      '{{ iface | attr(name) }}',
      '{{ xs | map(attribute=field) | list }}',
      '{{ xs | sort(attribute=key) }}',
      '{{ xs | selectattr(field, "equalto", 1) | list }}',
      '{{ xs | groupby(field) }}',
      '{{ d.get(key) }}',
      '{{ xs | map(f) | list }}',
    ]) {
      expect(fieldChoice([source]).dynamic, source).not.toBeNull();
      expect(fields(source), source).toBe('all');
    }
  });

  it('are all of them when an object may be seen whole', () => {
    for (const source of ['{% for k, v in device.items() %}{{ k }}{% endfor %}', '{{ device.keys() | list }}', '{{ device.values() }}', '{{ device | tojson }}', '{{ device|pprint }}', '{% for k, v in iface | dictsort %}{% endfor %}', '{{ d | items }}', '{{ d | urlencode }}', `{{ xs | map('tojson') | join }}`]) {
      expect(fields(source), source).toBe('all');
    }
  });

  it('are the full form when any template of the set reaches fields dynamically', () => {
    expect(fields('{{ a.name }}', '{{ a[k] }}')).toBe('all');
  });

  it('look for computed access in code only: plain text, comments and string contents are not code', () => {
    expect(fields('interface [uplink] x[y] {# iface[key] | tojson #}{{ iface.name }}')).toEqual(['id', 'name']);
    expect(fields('{{ "a[b] }} c[d]" ~ iface.name }}')).toEqual(['id', 'name']);
    expect(fields('{% for x in [1, 2] %}{{ x }}{% endfor %}{% if y in [3] %}{% endif %}')).toEqual(['id']);
    // A `}}` inside a string does not end the tag: what follows it is still code.
    expect(fields('{{ "}}" ~ iface[key] }}')).toBe('all');
  });

  it('reads the code of a template as its tags hold it', () => {
    expect(codeOf('a {{ b }} c {% if d %}e{% endif %} {# f #} {{ "}}" }}')).toEqual([' b ', ' if d ', ' endif ', ' "}}" ']);
  });
});
