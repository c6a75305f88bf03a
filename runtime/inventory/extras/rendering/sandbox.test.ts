/**
 * Rendering on the bounded thread: NetBox-style templates render as Jinja2 renders them, and a
 * template that errs, loops or grows without end answers NetBox-shaped text while the server's
 * thread goes on.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { checkSyntax, closeRenderer, render, RELATED } from './index.ts';

afterAll(() => closeRenderer());

const job = (code: string, context: Record<string, unknown> = {}, params: Record<string, unknown> = {}, templates: Record<string, string> = {}) =>
  render({ main: 'main', templates: { main: code, ...templates }, context, params, debug: false, forceNoAutoescape: true });

const device = {
  name: 'r1',
  interfaces: { [RELATED]: [
    { name: 'eth0', enabled: true, mtu: 9000, ip_addresses: { [RELATED]: [{ address: '10.0.0.1/24' }] } },
    { name: 'eth1', enabled: false, mtu: null, ip_addresses: { [RELATED]: [] } },
  ] },
};

describe('render', () => {
  // The same output as Jinja2 3.1 (trim_blocks), checked with Python's jinja2 on this template.
  it('renders loops, macros, includes by name, filters and the related-object methods', async () => {
    const code = [
      '{% macro iface(i) -%}',
      'interface {{ i.name }}',
      ' mtu {{ i.mtu | default(1500, true) }}',
      '{% for ip in i.ip_addresses.all() %}',
      ' ip address {{ ip.address | ipaddr("address") }} {{ ip.address | ipaddr("netmask") }}',
      '{% endfor %}',
      '{%- endmacro %}',
      'hostname {{ device.name }}',
      '{% for i in device.interfaces.all() %}',
      '! {{ loop.index }} of {{ loop.length }}{{ " (first)" if loop.first }}',
      '{{ iface(i) }}',
      '{% endfor %}',
      'up: {{ device.interfaces.all() | selectattr("enabled") | map(attribute="name") | join(",") }}',
      '{% include "ntp.j2" %}',
      '{{ "%s-%03d" | format("vlan", 7) }} {{ device.interfaces.count() }}',
    ].join('\n');
    const outcome = await job(code, { device, ntp: ['192.0.2.1'] }, { trim_blocks: true }, { 'ntp.j2': '{% for s in ntp %}ntp server {{ s }}\n{% endfor %}' });
    expect(outcome).toEqual({ output: [
      'hostname r1',
      '! 1 of 2 (first)',
      'interface eth0',
      ' mtu 9000',
      ' ip address 10.0.0.1 255.255.255.0',
      '',
      '! 2 of 2',
      'interface eth1',
      ' mtu 1500',
      '',
      'up: eth0',
      'ntp server 192.0.2.1',
      'vlan-007 2',
    ].join('\n') });
  });

  it('honours lstrip_blocks, keep_trailing_newline and StrictUndefined', async () => {
    expect(await job('a\n  {% if true %}\nb\n  {% endif %}\n', {}, { trim_blocks: true, lstrip_blocks: true, keep_trailing_newline: true })).toEqual({ output: 'a\nb\n' });
    expect(await job('{{ nope }}x')).toEqual({ output: 'x' });
    expect(await job('line\n{{ nope }}', {}, { undefined: 'jinja2.StrictUndefined' })).toEqual({ error: 'UndefinedError: undefined value\nLine: 2' });
  });

  it('names the included template and line of an error in it', async () => {
    // MiniJinja's JavaScript build reports an error inside an include as the include's failure.
    expect(await job('{% include "inc" %}', {}, {}, { inc: 'x\n{{ 1 | nosuch }}' })).toEqual({ error: 'TemplateRuntimeError: could not render include: error in "inc"\nLine: 1' });
    expect(await job('x\n{{ 1 | nosuch }}')).toEqual({ error: 'TemplateAssertionError: unknown filter: filter nosuch is unknown\nLine: 2' });
    expect(await job('{% include "gone" %}')).toMatchObject({ error: expect.stringMatching(/^TemplateNotFound: template not found/) });
  });

  it('stops a template that loops, recurses or grows without end, and renders again after', async () => {
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 10);
    expect(await job('{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}')).toEqual({ error: 'TemplateRuntimeError: the template ran longer than a render may (its step limit was reached)' });
    clearInterval(ticking);
    expect(ticks).toBeGreaterThan(0);
    expect(await job('{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}')).toMatchObject({ error: expect.stringMatching(/^RecursionError: /) });
    expect(await job('{% set ns = namespace(s="x") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s | length }}')).toMatchObject({ error: expect.stringMatching(/^MemoryError: /) });
    expect(await job('{{ 1 + 1 }}')).toEqual({ output: '2' });
  }, 60_000);

  it('cannot reach the process or JavaScript prototypes', async () => {
    expect(await job('{{ process }}{{ "".constructor }}{{ device.constructor }}', { device: {} })).toEqual({ output: '' });
  });

  it('refuses parameters the engine cannot honour', async () => {
    expect(await job('x', {}, { block_start_string: '<%' })).toMatchObject({ error: expect.stringContaining('"block_start_string" is not supported') });
  });
});

describe('checkSyntax', () => {
  it('reports the first syntax error with its line', async () => {
    expect(await checkSyntax({ main: 'a\n{% for x in y %}\n{{ x }' }, {})).toEqual({ message: 'syntax error: unexpected `}`, expected end of variable block', line: 3 });
    expect(await checkSyntax({ main: '{% for x in y %}{{ x }}{% endfor %}' }, {})).toBeNull();
  });
});
