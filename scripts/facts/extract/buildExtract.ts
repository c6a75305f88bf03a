/**
 * @module
 * Builds the extract from NetBox's reference folder (`../shared/reference/netbox-4.6/`): the
 * facts every comparison needs, and nothing it does not, so that CI — where the reference is not
 * there — checks against the checked-in copy. Pure over the folder's files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChoicePair, EndpointFacts, Extract, SerializerFacts } from '../types.ts';
import { parseFilters } from './filters.ts';
import { parseModels } from './models.ts';
import { parseEndpoints, parseSerializers } from './serializers.ts';

/** Bumped when the extract's shape changes. */
export const EXTRACT_FORMAT = 1;

/** The reference files the extract is built from. */
export const REFERENCE_FILES = ['serializers.md', 'endpoints.md', 'models.md', 'filters.json', 'choices.json'] as const;

export function buildExtract(referenceDir: string): Extract {
  const read = (name: (typeof REFERENCE_FILES)[number]) => readFileSync(join(referenceDir, name), 'utf8');
  const choices = parseChoices(JSON.parse(read('choices.json')));
  const serializers = parseSerializers(read('serializers.md'), choices);
  const version = /NetBox (\d+\.\d+\.\d+)/.exec(read('serializers.md'))?.[1] ?? 'unknown';
  const endpoints = withSerializers(parseEndpoints(read('endpoints.md')), serializers);
  // Only the serializers endpoints answer with: nested and helper serializers are not compared.
  const served = new Set(Object.values(endpoints).map((e) => e.serializer));
  return {
    format: EXTRACT_FORMAT,
    source: `NetBox ${version}: ${REFERENCE_FILES.join(', ')} (../shared/reference/netbox-4.6/)`,
    endpoints,
    serializers: sortKeys(Object.fromEntries(Object.entries(serializers).filter(([name]) => served.has(name)))),
    models: sortKeys(parseModels(read('models.md'))),
    filters: parseFilters(JSON.parse(read('filters.json'))),
    choices,
  };
}

/**
 * Values choices.json keeps as NetBox's source spells them (`INTERVAL_HOURLY * 12` in
 * JobIntervalChoices): the class constants they name, in minutes, and their products — as
 * scripts/buildChoices.ts resolves them into definitions/choices.yaml.
 */
const CONSTANTS: Record<string, number> = { INTERVAL_MINUTELY: 1, INTERVAL_HOURLY: 60, INTERVAL_DAILY: 60 * 24, INTERVAL_WEEKLY: 60 * 24 * 7 };
function resolveValue(value: string | number): string | number {
  const m = typeof value === 'string' ? /^([A-Z_]+)(?:\s*\*\s*(\d+))?$/.exec(value.trim()) : null;
  return m && m[1]! in CONSTANTS ? CONSTANTS[m[1]!]! * Number(m[2] ?? 1) : value;
}

/**
 * Labels choices.json keeps as NetBox's source spells them (`_('Group {n}').format(n=1)` in
 * DHGroupChoices): the text they format, as scripts/buildChoices.ts resolves them.
 */
function resolveLabel(label: string): string {
  const m = /^_\((['"])(.*)\1\)\.format\((.*)\)$/.exec(label.trim());
  if (!m) return label;
  const args = Object.fromEntries(m[3]!.split(',').map((a) => a.split('=').map((s) => s.trim())));
  return m[2]!.replace(/\{(\w+)\}/g, (all, name: string) => (name in args ? args[name]!.replace(/^(['"])(.*)\1$/, '$2') : all));
}

/** Choice sets by name as `[value, label]` pairs in NetBox's order. */
function parseChoices(json: Record<string, { choices: unknown[] }>): Record<string, ChoicePair[]> {
  const out: Record<string, ChoicePair[]> = {};
  for (const name of Object.keys(json).sort()) {
    out[name] = json[name]!.choices
      .filter((c): c is ChoicePair => Array.isArray(c) && c.length === 2 && !Array.isArray(c[1]))
      .map(([value, label]) => [resolveValue(value), typeof label === 'string' ? resolveLabel(label) : label]);
  }
  return out;
}

/**
 * endpoints.md leaves the serializer out where the viewset chooses one per request: devices and
 * virtual machines are served by the `…WithConfigContextSerializer` of their model (the one with
 * `config_context`) unless a client excludes it.
 */
function withSerializers(endpoints: Record<string, EndpointFacts>, serializers: Record<string, SerializerFacts>): Record<string, EndpointFacts> {
  const out: Record<string, EndpointFacts> = {};
  for (const path of Object.keys(endpoints).sort()) {
    const e = endpoints[path]!;
    if (!e.serializer && e.model) {
      const candidates = Object.keys(serializers).sort().filter((name) => serializers[name]!.model === e.model);
      const chosen = candidates.find((name) => 'config_context' in serializers[name]!.fields) ?? candidates.find((name) => name === `${e.model}Serializer`) ?? candidates[0];
      out[path] = { ...e, serializer: chosen ?? '' };
    } else out[path] = e;
  }
  return out;
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.keys(record).sort().map((k) => [k, record[k]!]));
}
