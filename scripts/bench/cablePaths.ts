/**
 * @module
 * What stored cable paths cost, on real PostgreSQL (issue 22's targets):
 * - `GET interfaces/{id}/trace/` of a path of 10 cables through 9 patch panels (each a front port
 *   mapped to a rear port), one request at a time, against GET /api/status/ in the same run;
 * - retracing every path across one trunk cable between two 48-position rear ports: each of its
 *   positions reaches a front port cabled to an 11-position rear port of a second-level panel,
 *   whose front ports are cabled to interfaces (NetBox's nested pass-throughs), so 528
 *   interfaces on each side reach each other across the trunk — 1,056 paths. The trunk's status
 *   changed (planned, then connected: every path through it traced again) and the trunk deleted
 *   and made again, each as one request;
 * - the statements of `GET interfaces/?limit=5` and `?limit=50` of those interfaces, whose
 *   `connected_endpoints` read the stored paths in the listing statement: the same count.
 */
import { performance } from 'node:perf_hooks';
import { startInventoryServer } from '../../runtime/server/server.ts';
import { capturingDatabase } from './capturingDatabase.ts';
import { isTokenLookup } from './requestOverhead.ts';
import { scratchDatabase } from './scratchDatabase.ts';
import { listen, median } from './timing.ts';

export interface CablePathFigures {
  hops: number;
  traceMs: number;
  statusMs: number;
  paths: number;
  retraceStatusMs: number[];
  remakeTrunkMs: number[];
  /** Statements of a page of 5 and of 50 interfaces. */
  listStatements: [number, number];
}

interface Panel {
  rear: number;
  fronts: number[];
}

const TOKEN = '0123456789abcdef0123456789abcdef0123456c';
const ROUNDS = 50;
const TRUNK_POSITIONS = 48;
const BREAKOUT = 11;

export async function measureCablePaths(adminUrl: string): Promise<CablePathFigures> {
  const scratch = await scratchDatabase(adminUrl, `nbbench_paths_${process.pid}`);
  const capturing = capturingDatabase(scratch.db);
  capturing.recording = false;
  try {
    const { app } = await startInventoryServer(capturing.db, { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN });
    const server = await listen(app);
    try {
      const headers = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };
      const send = async (method: string, path: string, body?: unknown): Promise<any> => {
        const response = await fetch(`${server.url}/api/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        const text = await response.text();
        if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
        return text ? JSON.parse(text) : null;
      };
      const post = (path: string, body: unknown) => send('POST', `${path}/`, body);
      const end = (type: string, ids: number[]) => ids.map((id) => ({ object_type: type, object_id: id }));
      const cables = (pairs: [string, number, string, number][]) => post('dcim/cables', pairs.map(([ta, a, tb, b]) => ({ a_terminations: end(ta, [a]), b_terminations: end(tb, [b]) })));

      const site = await post('dcim/sites', { name: 'Bench', slug: 'bench' });
      const maker = await post('dcim/manufacturers', { name: 'Acme', slug: 'acme' });
      const type = await post('dcim/device-types', { manufacturer: maker.id, model: 'Box', slug: 'box', u_height: 0 });
      const role = await post('dcim/device-roles', { name: 'Patch', slug: 'patch' });
      const devices = async (names: string[]) => (await post('dcim/devices', names.map((name) => ({ name, device_type: type.id, role: role.id, site: site.id })))).map((d: any) => d.id as number);
      /** A panel: one rear port of `positions`, and a front port per position mapped to it. */
      const panel = async (device: number, positions: number): Promise<Panel> => {
        const [rear] = await post('dcim/rear-ports', [{ device, name: 'rear', type: '8p8c', positions }]);
        const fronts = await post('dcim/front-ports', Array.from({ length: positions }, (_, i) => ({ device, name: `front${i + 1}`, type: '8p8c', rear_ports: [{ position: 1, rear_port: rear.id, rear_port_position: i + 1 }] })));
        return { rear: rear.id as number, fronts: fronts.map((f: any) => f.id as number) };
      };

      // A path of 10 cables: interface → (front → rear → front → rear …) → interface, through 9 one-position panels.
      const chainDevices = await devices(['chain-a', 'chain-b', ...Array.from({ length: 9 }, (_, i) => `chain-pp${i + 1}`)]);
      const [chainA, chainB] = await post('dcim/interfaces', [{ device: chainDevices[0], name: 'eth0', type: '1000base-t' }, { device: chainDevices[1], name: 'eth0', type: '1000base-t' }]);
      const chainPanels: Panel[] = [];
      for (const device of chainDevices.slice(2)) chainPanels.push(await panel(device, 1));
      // Panels alternate their direction: enter panel k by its front (odd) or rear (even) port.
      const sides = chainPanels.map((p, k) => (k % 2 === 0 ? { in: ['dcim.frontport', p.fronts[0]], out: ['dcim.rearport', p.rear] } : { in: ['dcim.rearport', p.rear], out: ['dcim.frontport', p.fronts[0]] }) as { in: [string, number]; out: [string, number] });
      const hops: [string, number, string, number][] = [['dcim.interface', chainA.id, ...sides[0].in]];
      for (let k = 0; k + 1 < sides.length; k++) hops.push([...sides[k].out, ...sides[k + 1].in]);
      hops.push([...sides[sides.length - 1].out, 'dcim.interface', chainB.id]);
      await cables(hops);

      // The trunk: two 48-position panels, each position to an 11-position panel, each of its positions to an interface.
      const [topA, topB, endA, endB] = await devices(['trunk-a', 'trunk-b', 'hosts-a', 'hosts-b']);
      const second = await devices(Array.from({ length: 2 * TRUNK_POSITIONS }, (_, i) => `breakout-${i < TRUNK_POSITIONS ? 'a' : 'b'}${(i % TRUNK_POSITIONS) + 1}`));
      const [a, b] = [await panel(topA, TRUNK_POSITIONS), await panel(topB, TRUNK_POSITIONS)];
      const breakouts: Panel[] = [];
      for (const device of second) breakouts.push(await panel(device, BREAKOUT));
      const hosts = async (device: number) => (await post('dcim/interfaces', Array.from({ length: TRUNK_POSITIONS * BREAKOUT }, (_, i) => ({ device, name: `eth${i}`, type: '10gbase-t' })))).map((x: any) => x.id as number);
      const [hostsA, hostsB] = [await hosts(endA), await hosts(endB)];
      const sideCables = (top: Panel, outer: Panel[], iface: number[]): [string, number, string, number][] => [
        ...top.fronts.map((front, i): [string, number, string, number] => ['dcim.frontport', front, 'dcim.rearport', outer[i].rear]),
        ...outer.flatMap((p, i) => p.fronts.map((front, j): [string, number, string, number] => ['dcim.frontport', front, 'dcim.interface', iface[i * BREAKOUT + j]])),
      ];
      await cables(sideCables(a, breakouts.slice(0, TRUNK_POSITIONS), hostsA));
      await cables(sideCables(b, breakouts.slice(TRUNK_POSITIONS), hostsB));
      let [trunk] = await cables([['dcim.rearport', a.rear, 'dcim.rearport', b.rear]]);
      await scratch.db.query('ANALYZE');

      const paths = (await send('GET', `dcim/rear-ports/${a.rear}/paths/`)) as any[];
      const complete = paths.filter((p) => p.is_complete).length;
      if (paths.length !== 2 * TRUNK_POSITIONS * BREAKOUT || complete !== paths.length) throw new Error(`the trunk carries ${paths.length} paths (${complete} complete), not ${2 * TRUNK_POSITIONS * BREAKOUT}`);
      const far = await send('GET', `dcim/interfaces/${hostsA[BREAKOUT + 3]}/`);
      if (far.connected_endpoints?.[0]?.id !== hostsB[BREAKOUT + 3]) throw new Error('a host does not reach its peer across the trunk');

      const timedRequest = async (fn: () => Promise<unknown>) => {
        const start = performance.now();
        await fn();
        return performance.now() - start;
      };
      const retraceStatusMs: number[] = [];
      const remakeTrunkMs: number[] = [];
      for (let i = 0; i < 3; i++) {
        retraceStatusMs.push(await timedRequest(() => send('PATCH', `dcim/cables/${trunk.id}/`, { status: 'planned' })));
        retraceStatusMs.push(await timedRequest(() => send('PATCH', `dcim/cables/${trunk.id}/`, { status: 'connected' })));
        remakeTrunkMs.push(await timedRequest(async () => {
          await send('DELETE', `dcim/cables/${trunk.id}/`);
          [trunk] = await cables([['dcim.rearport', a.rear, 'dcim.rearport', b.rear]]);
        }));
      }
      const after = await send('GET', `dcim/interfaces/${hostsB[7]}/`);
      if (after.connected_endpoints?.[0]?.id !== hostsA[7] || !after.connected_endpoints_reachable) throw new Error('the paths are not whole after the trunk was remade');

      const timed = async (path: string): Promise<number> => {
        const times: number[] = [];
        for (let i = 0; i < ROUNDS + 5; i++) {
          const start = performance.now();
          const response = await fetch(`${server.url}${path}`, { headers });
          const body = await response.text();
          if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${body.slice(0, 300)}`);
          if (i >= 5) times.push(performance.now() - start);
        }
        return median(times);
      };
      const trace = await send('GET', `dcim/interfaces/${chainA.id}/trace/`);
      if (trace.length !== 10 || trace[9][2][0]?.id !== chainB.id) throw new Error(`the chain's trace has ${trace.length} segments, not 10 ending at its far interface`);
      const traceMs = await timed(`/api/dcim/interfaces/${chainA.id}/trace/`);
      const statusMs = await timed('/api/status/');

      // Statements of a page of 5 and of 50 interfaces, each with a stored path (once first, to warm
      // what a first list of a resource loads): the same count, so none is per row.
      const statementsOf = async (limit: number) => {
        await send('GET', `dcim/interfaces/?device_id=${endA}&limit=${limit}`);
        capturing.reset();
        capturing.recording = true;
        const page = await send('GET', `dcim/interfaces/?device_id=${endA}&limit=${limit}`);
        capturing.recording = false;
        if (page.results.some((i: any) => !i.connected_endpoints?.length)) throw new Error('a listed host has no connected endpoint');
        return capturing.statements.filter((s) => !isTokenLookup(s.text)).length;
      };
      const listStatements: [number, number] = [await statementsOf(5), await statementsOf(50)];
      return { hops: 10, traceMs, statusMs, paths: paths.length, retraceStatusMs, remakeTrunkMs, listStatements };
    } finally {
      server.close();
    }
  } finally {
    await scratch.drop();
  }
}
