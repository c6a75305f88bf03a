/**
 * @module
 * Checks the definitions' response fields against NetBox 4.6's serializers
 * (`../shared/reference/netbox-4.6/serializers.md`): for every defined resource, the fields
 * NetBox's serializer shows that ours does not, the ones we show that it lacks, and a brief set
 * that differs. The companion of filterFacts.ts: a client reading a field NetBox always sends
 * must find it here too.
 *
 *   node --import tsx scripts/fieldFacts.ts                 # report every defined resource
 *   node --import tsx scripts/fieldFacts.ts dcim.devices    # only these resources
 *   node --import tsx scripts/fieldFacts.ts --check         # exit 1 on any difference
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProjectIR, projectPaths } from '../generator/pipeline.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REFERENCE = join(root, '..', 'shared', 'reference', 'netbox-4.6');

export interface Serializer {
  model: string;
  fields: string[];
  brief: string[] | null;
}

/** Serializers by name, from serializers.md (`## Name (model M; …)`, a brief line, a field table). */
export function parseSerializers(text: string): Map<string, Serializer> {
  const out = new Map<string, Serializer>();
  for (const section of text.split(/^## /m).slice(1)) {
    const head = /^(\w+)\s+\(model (\w+);/.exec(section);
    if (!head) continue;
    const brief = /^brief_fields: \[(.*)\]$/m.exec(section);
    const fields = [...section.matchAll(/^\| (\w+) \| (?:ro|opt|REQ|wo)\b/gm)].map((m) => m[1]!);
    out.set(head[1]!, { model: head[2]!, fields, brief: brief ? [...brief[1]!.matchAll(/'(\w+)'/g)].map((m) => m[1]!) : null });
  }
  return out;
}

/** The serializer of each list endpoint, from endpoints.md (devices use the config-context one). */
export function serializerByEndpoint(text: string, serializers: Map<string, Serializer>): Map<string, Serializer> {
  const out = new Map<string, Serializer>();
  for (const m of text.matchAll(/^\| (\/api\/\S+\/) \| \w+ \| (\w+) \| (\w*) \|/gm)) {
    const named = m[3] ? serializers.get(m[3]) : undefined;
    const byModel = named ?? [...serializers.values()].find((s) => s.model === m[2] && s.fields.includes('config_context')) ?? [...serializers.values()].find((s) => s.model === m[2]);
    if (byModel) out.set(m[1]!, byModel);
  }
  return out;
}

export interface FieldDifference {
  resource: string;
  missing: string[];
  extra: string[];
  brief: { netbox: string[]; ours: string[] } | null;
}

export function compareFields(byEndpoint: Map<string, Serializer>, only: string[] = []): FieldDifference[] {
  const { inventory } = buildProjectIR(projectPaths(root));
  const out: FieldDifference[] = [];
  for (const resource of inventory.resources) {
    if (only.length && !only.includes(resource.key)) continue;
    const serializer = byEndpoint.get(`/api/${resource.app}/${resource.path}/`);
    if (!serializer) continue;
    const ours = resource.fields.filter((f) => !f.writeOnly).map((f) => f.name);
    // Written, never shown (a module's `replicate_components`): serializers.md lists such fields
    // as optional without telling that DRF declares them write_only, so they are present.
    const writable = resource.fields.filter((f) => f.writeOnly && !f.readOnly).map((f) => f.name);
    const brief = serializer.brief && serializer.brief.join() !== resource.brief.join() ? { netbox: serializer.brief, ours: resource.brief } : null;
    out.push({
      resource: resource.key,
      missing: serializer.fields.filter((f) => !ours.includes(f) && !writable.includes(f)),
      extra: ours.filter((f) => !serializer.fields.includes(f)),
      brief,
    });
  }
  return out;
}

function main(argv: string[]): void {
  if (!existsSync(join(REFERENCE, 'serializers.md'))) {
    console.error(`${REFERENCE} is not there (the shared reference folder is missing)`);
    process.exitCode = 2;
    return;
  }
  const serializers = parseSerializers(readFileSync(join(REFERENCE, 'serializers.md'), 'utf8'));
  const byEndpoint = serializerByEndpoint(readFileSync(join(REFERENCE, 'endpoints.md'), 'utf8'), serializers);
  let differences = 0;
  for (const d of compareFields(byEndpoint, argv.filter((a) => !a.startsWith('--')))) {
    if (!d.missing.length && !d.extra.length && !d.brief) continue;
    console.log(`${d.resource}:`);
    if (d.missing.length) console.log(`  not shown: ${d.missing.join(', ')}`);
    if (d.extra.length) console.log(`  not in NetBox: ${d.extra.join(', ')}`);
    if (d.brief) console.log(`  brief: NetBox [${d.brief.netbox.join(', ')}], ours [${d.brief.ours.join(', ')}]`);
    differences += d.missing.length + d.extra.length + (d.brief ? 1 : 0);
  }
  console.error(differences ? `${differences} difference(s) from NetBox's serializers.` : "Every defined resource shows NetBox's fields.");
  if (argv.includes('--check') && differences) process.exitCode = 1;
}

const invokedAs = process.argv[1] ? resolve(process.argv[1]) : '';
if (invokedAs === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
