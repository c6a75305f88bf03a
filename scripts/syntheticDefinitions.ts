/**
 * @module
 * Fixture builder for the generator's scaling benchmark: a project folder holding the repository's
 * definitions plus synthetic apps that bring the catalogue to NetBox's size (`resources`, 165 by
 * default). Each synthetic resource looks like a NetBox model: built on the primary, organizational
 * or nested-group mixin (so tags, custom fields, owner, change logging), about 30 fields of every
 * common kind, about 8 foreign keys to earlier resources (and a tenant), an m2m, a count, uniques,
 * and multi-hop filters through its relations. Deterministic: the same arguments give the same files.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

/** A small deterministic generator (LCG), so the set never changes between runs. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const MIXINS = ['primary', 'organizational', 'nested-group'] as const;
const CHOICE_SETS = ['SiteStatusChoices', 'DeviceStatusChoices', 'LocationStatusChoices', 'PrefixStatusChoices', 'VLANStatusChoices', 'IPAddressStatusChoices'];

interface Synthetic {
  key: string;
  path: string;
  model: string;
  mixin: (typeof MIXINS)[number];
}

function fieldsOf(r: Synthetic, earlier: Synthetic[], next: () => number): { fields: string[]; filters: string[]; unique: string[] } {
  const fields: string[] = [];
  const filters: string[] = [];
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  if (r.mixin === 'primary') fields.push('name: { type: string, max_length: 100, required: true }', 'slug: { type: slug, max_length: 100, required: true }');
  else fields.push('name:', 'slug:');
  if (r.mixin === 'nested-group') fields.push('parent:');
  fields.push(
    `status: { type: choice, choices: ${pick(CHOICE_SETS)}, default: ${'active'} }`,
    'serial: { type: string, max_length: 50 }',
    'asset_tag: { type: string, max_length: 50, nullable: true, unique: true }',
    'label: { type: string, max_length: 64 }',
    'position: { type: decimal, digits: [4, 1], nullable: true, min_value: 0.5 }',
    'weight: { type: decimal, digits: [8, 2], nullable: true }',
    'height: { type: integer, min_value: 1, max_value: 100, default: 1 }',
    'priority: { type: integer, nullable: true }',
    'enabled: { type: boolean, default: true }',
    'mark_connected: { type: boolean, default: false }',
    'install_date: { type: date, nullable: true }',
    'termination_date: { type: date, nullable: true }',
    'local_context_data: { type: json, nullable: true }',
    'mtu: { type: integer, nullable: true, min_value: 1, max_value: 65536 }',
    'speed: { type: integer, nullable: true, max_value: 4294967295 }',
    'mac_address: { type: mac, nullable: true }',
    'address: { type: inet, nullable: true }',
    'vid_list: { type: integer_list, min_value: 1, max_value: 4094 }',
  );
  fields.push('tenant: { type: fk, target: tenancy.tenants, nullable: true, on_delete: protect }');
  filters.push('tenant_group_id: { kind: tree_id, path: tenant__group }', 'tenant_group: { kind: tree_slug, path: tenant__group }');
  const targets = [...new Set(Array.from({ length: Math.min(8, earlier.length) }, () => pick(earlier)))];
  targets.forEach((target, i) => {
    fields.push(`ref_${i}: { type: fk, target: ${target.key}, nullable: true, on_delete: ${i % 3 === 0 ? 'protect' : i % 3 === 1 ? 'set_null' : 'cascade'}${i % 3 === 2 ? ', required: true' : ''} }`.replace('nullable: true, on_delete: cascade, required: true', 'required: true, on_delete: cascade'));
    // A multi-hop filter through the target's own first relation, as NetBox's device `region_id` goes through the site.
    filters.push(`ref_${i}_tenant_id: { path: ref_${i}__tenant }`);
  });
  if (earlier.length) fields.push(`peers: { type: m2m, target: ${pick(earlier).key} }`);
  fields.push('description:', 'comments:', 'owner:', 'tags:', 'custom_fields:', 'created:', 'last_updated:');
  if (r.mixin === 'nested-group') fields.push('_depth:');
  const unique = r.mixin === 'primary' ? ['      - { fields: [tenant, name] }'] : [];
  return { fields, filters, unique };
}

/** The definition files, at the top and one level down in the app folders, as the loader reads them. */
function definitionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return readdirSync(join(dir, entry.name)).filter((f) => f.endsWith('.yaml')).map((f) => join(dir, entry.name, f));
    return entry.name.endsWith('.yaml') ? [join(dir, entry.name)] : [];
  });
}

/** Writes the synthetic project; returns its folder and how many resources it defines. */
export function syntheticProject(root: string, resources = 165): { dir: string; resources: number } {
  const dir = mkdtempSync(join(tmpdir(), 'nb-synthetic-'));
  cpSync(join(root, 'templates'), join(dir, 'templates'), { recursive: true });
  cpSync(join(root, 'definitions'), join(dir, 'definitions'), { recursive: true });
  mkdirSync(join(dir, 'generated'));
  mkdirSync(join(dir, 'specs'));
  let count = 0;
  for (const file of definitionFiles(join(root, 'definitions'))) {
    const parsed = parse(readFileSync(file, 'utf8')) as { resources?: Record<string, unknown> };
    count += Object.keys(parsed.resources ?? {}).length;
  }
  const next = random(165);
  const made: Synthetic[] = [];
  const perApp = 15;
  for (let app = 0; count + made.length < resources; app++) {
    const name = `synth${'abcdefghijklmnopqrstuvwxyz'[app]}`;
    const lines = [`app: ${name}`, 'resources:'];
    for (let i = 0; i < perApp && count + made.length < resources; i++) {
      const model = `Synthetic${name.slice(5).toUpperCase()}${i}`;
      const r: Synthetic = { key: `${name}.things-${i}`, path: `things-${i}`, model, mixin: MIXINS[(app + i) % 3] };
      const { fields, filters, unique } = fieldsOf(r, made, next);
      lines.push(`  ${r.path}:`, `    model: ${model}`, `    mixins: [${r.mixin}]`, '    fields:', ...fields.map((f) => `      ${f}`));
      lines.push('    brief: [id, url, display, name, slug, description]', '    ordering: [name]', '    search: [name, serial, asset_tag, description]');
      if (unique.length && r.mixin === 'primary') lines.push('    unique:', ...unique);
      lines.push('    filters:', ...filters.map((f) => `      ${f}`));
      made.push(r);
    }
    writeFileSync(join(dir, 'definitions', `${name}.yaml`), `${lines.join('\n')}\n`);
  }
  return { dir, resources: count + made.length };
}
