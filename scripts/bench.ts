/**
 * @module
 * `npm run bench`: the figures issue by issue, each against a baseline measured in the same run
 * on the same machine, printed as one table (and the SD-WAN bridge's):
 *  - the generator: `npm run generate` on the repository and on the realistic 165-resource
 *    synthetic set, `tsc --noEmit` with that set generated, the size of generated/ (bench/generation.ts),
 *    and after a one-field change, as a process (loading and work) and in --watch (bench/generationChange.ts);
 *  - start-up of `npm start` on an empty embedded database and restarts, and of the compiled
 *    entry alone, with peak memory (bench/startup.ts);
 *  - on PostgreSQL: bulk create of 1,000 devices, statements per list request, the device list
 *    against the best hand-written Hono + postgres.js handler for the same JSON, and the engine's
 *    time per list request against PostgreSQL's own time for its statements (bench/devices.ts),
 *    and the same list with 10 custom fields set on every device (bench/customFields.ts);
 *  - on PostgreSQL: the tunnel list over 5,000 tunnels with 10,000 terminations against the best
 *    hand-written handler for the same JSON (bench/tunnels.ts);
 *  - on PostgreSQL: the circuit list (5,000 circuits, BENCH_CIRCUITS, each with A and Z
 *    terminations) against a hand-written handler for the same JSON (bench/circuits.ts);
 *  - on PostgreSQL: bulk create of 1,000 devices of a type with 51 component templates (51,000
 *    components in one request), with its statements per table (bench/deviceInstantiation.ts);
 *  - on PostgreSQL: bulk create and single PATCH with change logging on and off (bench/changeLogging.ts);
 *  - on PostgreSQL: a device create with 5 matching event rules against none, and 1,000 webhooks
 *    delivered to a receiver on 127.0.0.1 (bench/eventRules.ts);
 *  - on PostgreSQL: the device list as a user with three constrained permissions against the
 *    superuser (bench/permissions.ts);
 *  - on PostgreSQL: the permissions matrix with 200 groups, 1,000 users and 5,000 permissions —
 *    matrix/?action=*, principal/, plan and apply of 1,000 changes — and with the data doubled
 *    (bench/permissionsMatrix.ts);
 *  - on PostgreSQL: the SVG and JSON elevations of a 48U rack holding 40 devices, against
 *    /api/status/ (bench/rackElevation.ts);
 *  - on PostgreSQL: IPAM with 100,000 prefixes and 500,000 addresses — bulk create, pages plain and
 *    within a parent against a hand-written handler, available IPs and prefixes, parallel
 *    allocations (bench/ipam.ts);
 *  - on PostgreSQL: the sync of a git repository of 1,000 files served over HTTP on 127.0.0.1,
 *    first, changed and unchanged, and from a local directory, against `git clone --depth 1` by
 *    the git program (bench/dataSourceSync.ts);
 *  - on PostgreSQL: render-config of a device with a 200-line template and a context the size of 10
 *    merged config contexts, against /api/status/ and render/ of a one-line template (bench/renderConfig.ts);
 *  - on PostgreSQL: /api/status/ while ReDoS patterns, large imports and statements held until the
 *    statement timeout run over and over, against it alone (bench/underAttack.ts).
 * Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres);
 * BENCH_SECONDS sets the length of each throughput run (default 5), BENCH_DEVICES the device count,
 * BENCH_INSTANTIATION_DEVICES the instantiation's batch (default 1,000), BENCH_TUNNELS the tunnel count, BENCH_CIRCUITS the circuit count,
 * BENCH_ONLY a comma-separated choice of sections (generator, startup, devices, tunnels, configcontexts, circuits, instantiation, paths, customfields,
 * changes, events, permissions, matrix, elevation, render, ipam, datasync, attacks, bridge).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatBridgeBench, runBridgeBench } from './bench/bridge.ts';
import { measureChangeLogging } from './bench/changeLogging.ts';
import { measureCircuits } from './bench/circuits.ts';
import { measureConfigContexts } from './bench/configContexts.ts';
import { measureCustomFields } from './bench/customFields.ts';
import { measureDevices } from './bench/devices.ts';
import { measureEventRules } from './bench/eventRules.ts';
import { describeInstantiation, measureDeviceInstantiation } from './bench/deviceInstantiation.ts';
import { measureGeneration } from './bench/generation.ts';
import { measureIpam } from './bench/ipam.ts';
import { jobPickupRows, measureJobPickup } from './bench/jobPickup.ts';
import { measureGenerationChange } from './bench/generationChange.ts';
import { measurePermissions } from './bench/permissions.ts';
import { measurePermissionsMatrix } from './bench/permissionsMatrix.ts';
import { measureRackElevation } from './bench/rackElevation.ts';
import { measureRenderConfig } from './bench/renderConfig.ts';
import { measureCablePaths } from './bench/cablePaths.ts';
import { dataSourceSyncRows, measureDataSourceSync } from './bench/dataSourceSync.ts';
import { measureStartup } from './bench/startup.ts';
import { measureTunnels } from './bench/tunnels.ts';
import { measureUnderAttack } from './bench/underAttack.ts';
import { median } from './bench/timing.ts';

/** A relative change as `+12%` or `−8%` (a minus sign, as the targets are written). */
const signedPercent = (ratio: number) => `${ratio < 0 ? '−' : '+'}${Math.abs(ratio * 100).toFixed(0)}%`;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const deviceCount = Number(process.env.BENCH_DEVICES ?? 10_000);

const ms = (value: number) => `${Math.round(value)} ms`;
const ms2 = (value: number) => `${value.toFixed(2)} ms`;
/** The lowest and highest of several turns' figures. */
const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const progress = (line: string) => process.stderr.write(`${line}\n`);

const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((x) => x.trim())) : null;
const runs = (section: string) => !only || only.has(section);
const rows: [string, string, string, string][] = [];

if (runs('generator')) {
  progress('generator…');
  const gen = measureGeneration(root);
  rows.push(
    ['node -e 0 (baseline of the timings below)', ms(gen.nodeMs), '', ''],
    ['generate, repository', ms(gen.repositoryGenerateMs), `${(gen.repositoryGenerateMs / gen.nodeMs).toFixed(1)}× node`, ''],
    [`generate, synthetic ${gen.syntheticResources} resources`, ms(gen.syntheticGenerateMs), `${(gen.syntheticGenerateMs / gen.nodeMs).toFixed(1)}× node`, '< 3000 ms'],
    [`tsc --noEmit, synthetic ${gen.syntheticResources} resources`, ms(gen.syntheticTscMs), `${(gen.syntheticTscMs / gen.nodeMs).toFixed(1)}× node`, '< 15000 ms'],
    ['generated/, repository', mb(gen.repositoryGeneratedBytes), '', ''],
    [`generated/, synthetic ${gen.syntheticResources} resources (OpenAPI document)`, `${mb(gen.syntheticGeneratedBytes)} (${mb(gen.syntheticOpenApiBytes)})`, '', ''],
  );
  const change = await measureGenerationChange(root);
  rows.push(
    ['generate after a one-field change, repository (median of 3)', ms(change.generateMs), `loading ${ms(change.generateLoadMs)} + work ${ms(change.generateWorkMs)}; ${ms(change.generateCpuMs)} CPU`, '< 1500 ms'],
    ['the same run in an already loaded process, every input read afresh (what --watch did before; baseline)', ms(change.coldRunMs), '', ''],
    ['generate --watch, regeneration after a one-field change (median of 4)', ms(change.watchRunMs), `${(change.watchRunMs / change.coldRunMs).toFixed(2)}× baseline; ${ms(change.watchLatencyMs)} from the save to its line; ${ms(change.watchCpuMs)} CPU`, '< 500 ms'],
  );
}
if (runs('startup')) {
  progress('start-up…');
  const start = await measureStartup(root);
  const { firstBoot, restart } = start.npmStart;
  const versusNode = (value: number) => `${(value / start.nodeMs).toFixed(1)}× node (${ms(start.nodeMs)})`;
  rows.push(
    ['npm start, empty embedded database → first answered request', ms(firstBoot.firstRequestMs), `peak ${firstBoot.peakRssMb.toFixed(0)} MB RSS`, '< 3000 ms'],
    ['npm start, restart → first answered request (median of 3)', ms(restart.firstRequestMs), `${versusNode(restart.firstRequestMs)}; peak ${restart.peakRssMb.toFixed(0)} MB RSS`, '< 1000 ms'],
    ['node dist/server/netbox-inventory.js, restart → first answered request (median of 3)', ms(start.compiledRestart.firstRequestMs), versusNode(start.compiledRestart.firstRequestMs), ''],
  );
}
if (runs('devices')) {
  progress(`devices (${deviceCount} on PostgreSQL)…`);
  const dev = await measureDevices(adminUrl, deviceCount, seconds * 1000);
  const o = dev.overhead;
  const overheadMs = o.requestMs - o.postgresMs;
  const driverMs = Math.max(0, o.replayMs - o.postgresMs);
  rows.push(
    ['bulk create of 1,000 devices, one request, each with 10 components from its type\'s templates (median of batches; max)', `${ms(dev.bulkCreateMedianMs)}; ${ms(dev.bulkCreateMaxMs)}`, '', '< 1000 ms'],
    ['SQL statements of GET devices?limit=50 (besides the token lookup)', String(dev.listStatements), '', 'one: page, count and objects rendered as JSON (custom field definitions reused while their version holds)'],
    [`GET devices?limit=50 over ${dev.devices} devices, hand-written Hono + postgres.js, each nested object built once, one statement (baseline; median of ${dev.baselineTurns.length} alternating turns)`, `${dev.baselineRps.toFixed(0)} req/s`, `turns ${range(dev.baselineTurns)}`, ''],
    ['GET devices?limit=50, generated server', `${dev.generatedRps.toFixed(0)} req/s`, `${(dev.generatedRps / dev.baselineRps).toFixed(2)}× baseline (turns ${range(dev.generatedTurns)})`, '≥ 0.80×'],
    ['GET devices?limit=50, one request at a time, generated server (median; quartiles)', ms2(o.requestMs), `${ms2(o.requestQuartilesMs[0])}–${ms2(o.requestQuartilesMs[1])}`, ''],
    [`PostgreSQL's planning + execution of its ${o.statements} statements (EXPLAIN ANALYZE in the server's plan modes; the token lookup's ${ms2(o.tokenLookupMs)} included)`, ms2(o.postgresMs), `${ms2(o.postgresExecutionMs)} executing`, ''],
    ['the engine above PostgreSQL (request − PostgreSQL)', ms2(overheadMs), `${((overheadMs / o.requestMs) * 100).toFixed(0)}% of the request`, '≤ 30%'],
    ['of which: postgres.js and the socket / HTTP floor (Hono + node server + fetch of the same body) / the engine\'s own work', `${ms2(driverMs)} / ${ms2(o.httpFloorMs)} / ${ms2(o.requestMs - Math.max(o.replayMs, o.postgresMs) - o.httpFloorMs)}`, '', ''],
    [`node's CPU time per request (server and client in one process): generated server / baseline / HTTP floor`, `${ms2(o.cpuMs.request)} / ${o.baseline ? ms2(o.baseline.cpuMs) : '–'} / ${ms2(o.cpuMs.floor)}`, `the engine ${ms2(o.cpuMs.request - o.cpuMs.floor)} above the floor`, ''],
    ...(o.baseline ? [['the same, hand-written baseline (same rounds): one request at a time / PostgreSQL\'s time for its one statement', `${ms2(o.baseline.requestMs)} / ${ms2(o.baseline.postgresMs)}`, `${(((o.baseline.requestMs - o.baseline.postgresMs) / o.baseline.requestMs) * 100).toFixed(0)}% above PostgreSQL`, ''] as [string, string, string, string]] : []),
  );
}
if (runs('tunnels')) {
  const tunnelCount = Number(process.env.BENCH_TUNNELS ?? 5000);
  progress(`tunnels (${tunnelCount} with two terminations each, on PostgreSQL)…`);
  const tun = await measureTunnels(adminUrl, tunnelCount, seconds * 1000);
  rows.push(
    [`GET vpn/tunnels?limit=50 over ${tun.tunnels} tunnels (${tun.terminations} terminations), hand-written Hono + postgres.js, each nested object built once, one statement (baseline; median of ${tun.baselineTurns.length} alternating turns)`, `${tun.baselineRps.toFixed(0)} req/s`, `turns ${range(tun.baselineTurns)}`, ''],
    [`GET vpn/tunnels?limit=50, generated server (${tun.listStatements} statement(s) a request; its token looked up once, then remembered until the database changes)`, `${tun.generatedRps.toFixed(0)} req/s`, `${(tun.generatedRps / tun.baselineRps).toFixed(2)}× baseline (turns ${range(tun.generatedTurns)})`, '≥ 0.80×'],
  );
}
if (runs('configcontexts')) {
  const deviceCount = Number(process.env.BENCH_CONTEXT_DEVICES ?? 1000);
  progress(`config contexts (${deviceCount} devices, 10 contexts, on PostgreSQL)…`);
  const cc = await measureConfigContexts(adminUrl, deviceCount, seconds * 1000);
  rows.push(
    [`GET dcim/devices?limit=50&exclude=config_context over ${cc.devices} devices plus the merge by hand (one statement for the page's ${cc.contexts} contexts, NetBox's deepmerge in TypeScript; baseline, median of ${cc.baselineTurns.length} alternating turns)`, `${cc.baselineRps.toFixed(0)} req/s`, `turns ${range(cc.baselineTurns)}`, ''],
    [`GET dcim/devices?limit=50 with config_context merged in the page statement, generated server`, `${cc.generatedRps.toFixed(0)} req/s`, `${(cc.generatedRps / cc.baselineRps).toFixed(2)}× baseline (turns ${range(cc.generatedTurns)})`, '≥ 0.80×'],
    [`GET dcim/devices?limit=50&exclude=config_context alone, generated server (no merge: the ceiling)`, `${cc.excludedRps.toFixed(0)} req/s`, `config_context costs ${((1 - cc.generatedRps / cc.excludedRps) * 100).toFixed(0)}% of it`, ''],
  );
}
if (runs('circuits')) {
  const circuitCount = Number(process.env.BENCH_CIRCUITS ?? 5000);
  progress(`circuits (${circuitCount} with A and Z terminations on PostgreSQL)…`);
  const circ = await measureCircuits(adminUrl, circuitCount, seconds * 1000);
  rows.push(
    [`GET circuits?limit=50 over ${circ.circuits} circuits with A and Z terminations, hand-written Hono + postgres.js, one statement (baseline; median of ${circ.baselineTurns.length} alternating turns)`, `${circ.baselineRps.toFixed(0)} req/s`, `turns ${range(circ.baselineTurns)}`, ''],
    ['GET circuits?limit=50, generated server', `${circ.generatedRps.toFixed(0)} req/s`, `${(circ.generatedRps / circ.baselineRps).toFixed(2)}× baseline (turns ${range(circ.generatedTurns)})`, '≥ 0.80×'],
  );
}
if (runs('instantiation')) {
  const instantiationDevices = Number(process.env.BENCH_INSTANTIATION_DEVICES ?? 1000);
  progress(`device instantiation (${instantiationDevices} devices × 51 templates on PostgreSQL)…`);
  const inst = await measureDeviceInstantiation(adminUrl, { devices: instantiationDevices });
  progress(describeInstantiation(inst));
  const top = inst.groups.slice(0, 3).map((g) => `${g.key} ${ms(g.ms)}`).join(', ');
  rows.push(
    [`bulk create of ${inst.devices} devices of a type with 48 interface, 2 power-port and 1 console-port templates (${(inst.devices * inst.componentsPerDevice).toLocaleString('en')} components), one request (median of ${inst.bulkCreateMs.length}; max)`, `${ms(median(inst.bulkCreateMs))}; ${ms(Math.max(...inst.bulkCreateMs))}`, `longest: ${top}`, '< 5000 ms'],
    [`its SQL statements (tables written or read; the same count for ${inst.smallDevices} devices?)`, `${inst.statements} (${inst.groups.length} groups)`, inst.growing.length ? `growing: ${inst.growing.join('; ')}` : 'bounded: every table\'s count the same', 'bounded per table'],
  );
}
if (runs('customfields')) {
  progress(`custom fields (${deviceCount} devices, 10 fields each, on PostgreSQL)…`);
  const cf = await measureCustomFields(adminUrl, deviceCount, seconds * 1000);
  rows.push(
    [`GET devices?limit=50, ${cf.fields} custom fields set on each, hand-written handler, each object field's tenant built once (baseline; median of ${cf.baselineTurns.length} alternating turns)`, `${cf.baselineRps.toFixed(0)} req/s`, `turns ${range(cf.baselineTurns)}`, ''],
    [`the same, generated server (${cf.listStatements} statements)`, `${cf.generatedRps.toFixed(0)} req/s`, `${(cf.generatedRps / cf.baselineRps).toFixed(2)}× baseline (turns ${range(cf.generatedTurns)})`, '≥ 0.80×'],
  );
}
if (runs('changes')) {
  progress('change logging on and off (PostgreSQL)…');
  const log = await measureChangeLogging(adminUrl, seconds * 1000);
  rows.push(
    ['bulk create of 1,000 devices, change logging off (baseline; median of 5)', ms(log.bulkCreateOffMs), '', ''],
    ['bulk create of 1,000 devices, change logging on', ms(log.bulkCreateOnMs), signedPercent(log.bulkCreateOnMs / log.bulkCreateOffMs - 1), '≤ +25%'],
    ['PATCH one device, change logging off (baseline)', `${log.patchOffRps.toFixed(0)} req/s`, '', ''],
    ['PATCH one device, change logging on', `${log.patchOnRps.toFixed(0)} req/s`, signedPercent(log.patchOnRps / log.patchOffRps - 1), '≤ −10%'],
  );
}
if (runs('events')) {
  progress('event rules and webhooks (PostgreSQL)…');
  const ev = await measureEventRules(adminUrl);
  rows.push(
    ['POST one device, no enabled event rule (baseline; median of 6 turns of 60)', ms(ev.createNoneMs), '', ''],
    ['POST one device, 5 enabled event rules matching it (delivery queued)', ms(ev.createFiveMs), signedPercent(ev.createFiveMs / ev.createNoneMs - 1), '< +10%'],
    [`${ev.deliveries} webhooks from one bulk create of 1,000 devices (${ms(ev.bulkCreateMs)}), delivered to 127.0.0.1 by ${ev.workers} workers`, ms(ev.deliveryMs), `first after ${ms(ev.firstMs)}; ${(ev.deliveries / (ev.deliveryMs / 1000)).toFixed(0)} deliveries/s`, '< 10000 ms'],
  );
}
if (runs('permissions')) {
  progress(`object permissions (${deviceCount} devices on PostgreSQL)…`);
  const perm = await measurePermissions(adminUrl, deviceCount, seconds * 1000);
  rows.push(
    [`GET devices?limit=50 over ${perm.devices} devices, superuser (baseline)`, `${perm.superuserRps.toFixed(0)} req/s`, '', ''],
    [`the same, user with 3 constrained view permissions (${perm.constrainedStatements} statements, the token and its permissions in one)`, `${perm.constrainedRps.toFixed(0)} req/s`, `${(perm.constrainedRps / perm.superuserRps).toFixed(2)}× superuser`, '≥ 0.85×'],
  );
}

if (runs('matrix')) {
  progress('permissions matrix (PostgreSQL; 200 groups, 1,000 users, 5,000 permissions, then doubled)…');
  const one = await measurePermissionsMatrix(adminUrl, 1);
  const two = await measurePermissionsMatrix(adminUrl, 2);
  const growth = (a: number, b: number) => `×${(b / a).toFixed(2)} when doubled (${ms(b)})`;
  const size = `${one.groups} groups, ${one.users} users, ${one.permissions} permissions, ${one.objectTypes} object types`;
  rows.push(
    [`matrix/?action=* (${size}; group columns)`, ms(one.matrixAllMs), growth(one.matrixAllMs, two.matrixAllMs), '< 300 ms'],
    ['matrix/?action=*&include_users=true (a column per user with a direct permission)', ms(one.matrixAllUsersMs), growth(one.matrixAllUsersMs, two.matrixAllUsersMs), ''],
    ['principal/ (a group or a user; median of 20)', ms(one.principalMs), growth(one.principalMs, two.principalMs), '< 50 ms'],
    [`plan/ of 1,000 changes over 50 groups (median of 3)`, ms(one.planMs), growth(one.planMs, two.planMs), '< 500 ms'],
    [`apply/ of the same (${one.operations} permissions written; median of 3)`, ms(one.applyMs), growth(one.applyMs, two.applyMs), '< 1500 ms'],
  );
}
if (runs('elevation')) {
  progress('rack elevation (PostgreSQL; 48U, 40 devices)…');
  const el = await measureRackElevation(adminUrl);
  rows.push(
    ['GET /api/status/, one request at a time (baseline: the HTTP floor and token lookup; median of 50)', ms2(el.statusMs), '', ''],
    [`GET racks/{id}/elevation/?render=svg, 48U rack, ${el.devices} devices, 3 reservations (median of 50; ${(el.svgBytes / 1024).toFixed(0)} KB)`, ms2(el.svgMs), `${(el.svgMs / el.statusMs).toFixed(1)}× baseline`, '< 50 ms'],
    ['GET racks/{id}/elevation/?limit=0, the same rack as JSON (96 half units)', ms2(el.jsonMs), `${(el.jsonMs / el.statusMs).toFixed(1)}× baseline`, ''],
  );
}
if (runs('render')) {
  progress('render-config (PostgreSQL; a 200-line template, 48 interfaces)…');
  const rc = await measureRenderConfig(adminUrl);
  rows.push(
    ['GET /api/status/, one request at a time (baseline: the HTTP floor and token lookup; median of 50)', ms2(rc.statusMs), '', ''],
    ['POST config-templates/{id}/render/?format=txt of a one-line template (the rendering thread\'s round trip; median of 50)', ms2(rc.renderOnlyMs), `${(rc.renderOnlyMs / rc.statusMs).toFixed(1)}× baseline`, ''],
    ['GET interfaces/?device_id=…&limit=48 (the 48 interfaces in their full API form, as the view read them before it chose the fields the template names; median of 50)', ms2(rc.interfacesMs), `${(rc.interfacesMs / rc.statusMs).toFixed(1)}× baseline`, ''],
    [`POST devices/{id}/render-config/?format=txt: ${rc.lines} lines, 48 interfaces and their addresses, a context of 10 merged sections, an include (median of 50)`, ms2(rc.renderConfigMs), `${(rc.renderConfigMs / rc.statusMs).toFixed(1)}× baseline`, '< 20 ms'],
  );
}
if (runs('paths')) {
  progress('cable paths (PostgreSQL; a 10-cable chain, 1,056 paths across one trunk)…');
  const cp = await measureCablePaths(adminUrl);
  rows.push(
    ['GET /api/status/, one request at a time (baseline: the HTTP floor and token lookup; median of 50)', ms2(cp.statusMs), '', ''],
    [`GET interfaces/{id}/trace/ over a path of ${cp.hops} cables through 9 patch panels (median of 50)`, ms2(cp.traceMs), `${(cp.traceMs / cp.statusMs).toFixed(1)}× baseline`, '< 20 ms'],
    [`PATCH the trunk between two 48-position rear ports to planned or connected: its ${cp.paths.toLocaleString('en')} paths traced again (median of ${cp.retraceStatusMs.length}; max)`, `${ms(median(cp.retraceStatusMs))}; ${ms(Math.max(...cp.retraceStatusMs))}`, '', '< 2000 ms'],
    [`DELETE the trunk, then POST it again: the same paths cut, then traced whole (median of ${cp.remakeTrunkMs.length}; max)`, `${ms(median(cp.remakeTrunkMs))}; ${ms(Math.max(...cp.remakeTrunkMs))}`, '', '< 2000 ms each'],
    ['SQL statements of GET interfaces?device_id=…&limit=5, and &limit=50, each with connected_endpoints (besides the token lookup)', `${cp.listStatements[0]}, ${cp.listStatements[1]}`, '', 'the same: none per row'],
  );
}
if (runs('ipam')) {
  progress('IPAM at scale (PostgreSQL; 100,000 prefixes, 500,000 addresses)…');
  const ip = await measureIpam(adminUrl);
  rows.push(
    [`bulk create of 1,000 prefixes, one request, ${ip.prefixes.toLocaleString('en')} prefixes already (median of ${ip.bulkCreateMs.length}; max)`, `${ms(median(ip.bulkCreateMs))}; ${ms(Math.max(...ip.bulkCreateMs))}`, `3 prefixes already: ${ms(ip.bulkCreateFewMs)} (bulk delete of those 1,000: ${ms(ip.bulkDeleteFewMs)}; medians of 3 after 3 to warm up)`, '< 1000 ms'],
    ['bulk create of 1,000 /56s in the IPv6 /32 holding 100,000 (its child count and free space kept)', ms(ip.bulkCreateInsideMs), '', '< 1000 ms'],
    ...ip.pages.map((p): [string, string, string, string] => [
      `${p.label}, one request at a time (median of 30)`,
      ms2(p.ms),
      p.baselineMs === undefined ? '' : `hand-written baseline ${ms2(p.baselineMs)}: ${(p.baselineMs / p.ms).toFixed(2)}× baseline speed`,
      p.baselineMs === undefined ? '< 30 ms' : '< 30 ms, ≥ 0.80×',
    ]),
    ['GET prefixes/{id}/available-ips/, first page in a /16 holding 50,000 addresses (median of 30)', ms2(ip.availableIpsMs), '', '< 50 ms'],
    [`GET prefixes/{id}/available-prefixes/ of an IPv6 /32 with 100,000 children (${ip.availablePrefixesCount} free blocks; median of 30)`, ms2(ip.availablePrefixesMs), `first read, computing the stored free space: ${ms2(ip.availablePrefixesFirstMs)}`, '< 50 ms'],
    [`${ip.parallel.requests} parallel POST prefixes/{id}/available-ips/ on one /24`, `${ip.parallel.distinct} distinct of ${ip.parallel.requests}`, `${(ip.parallel.requests / (ip.parallel.ms / 1000)).toFixed(0)} allocations/s`, 'all distinct'],
  );
}
if (runs('jobs')) {
  progress('job queue pickup (embedded and PostgreSQL)…');
  rows.push(...jobPickupRows(await measureJobPickup(adminUrl)));
}
if (runs('datasync')) {
  progress('data source sync (PostgreSQL; a git repository of 1,000 files over HTTP)…');
  rows.push(...dataSourceSyncRows(await measureDataSourceSync(adminUrl)));
}
if (runs('attacks')) {
  progress('/api/status/ under attack (PostgreSQL)…');
  const duration = Math.max(10, seconds * 2) * 1000;
  const attack = await measureUnderAttack(root, adminUrl, duration);
  const harder = await measureUnderAttack(root, adminUrl, duration, true);
  const seen = (figures: typeof attack) => Object.entries(figures.answers).map(([kind, statuses]) => `${kind}: ${Object.entries(statuses).map(([status, n]) => `${n}×${status}`).join(' ')}`).join('; ');
  const latency = (figures: typeof attack) => `${figures.attackedP50Ms.toFixed(1)} / ${figures.attackedP99Ms.toFixed(1)} ms`;
  rows.push(
    ['GET /api/status/, nothing else running (baseline; p50 / p99 of 300)', `${attack.quietP50Ms.toFixed(1)} / ${attack.quietP99Ms.toFixed(1)} ms`, '', ''],
    [`the same while a (a+)+$ custom-field value, a 2 MB matrix import and a lock-blocked statement are in flight, each sent again as soon as answered (p50 / p99 of ${attack.probes}; ${seen(attack)})`, latency(attack), `p99 ×${(attack.attackedP99Ms / attack.quietP99Ms).toFixed(1)} baseline`, 'p99 < 100 ms'],
    [`the same with the largest import accepted (1 MB) in flight too (p50 / p99 of ${harder.probes}; ${seen(harder)})`, latency(harder), `p99 ×${(harder.attackedP99Ms / harder.quietP99Ms).toFixed(1)} baseline`, ''],
  );
}

console.log('\n| measurement | value | ratio | target |\n|---|---|---|---|');
for (const [a, b, c, d] of rows) console.log(`| ${a} | ${b} | ${c} | ${d} |`);
if (runs('bridge') && process.env.BENCH_BRIDGE !== 'false') console.log(`\nSD-WAN bridge\n${formatBridgeBench(await runBridgeBench({ progress }))}`);
