/**
 * @module
 * The operations of specs/demo/ as the simulated controller answers them: a small overlay (four
 * devices, their BFD sessions, 500 rows of BFD statistics, alarms, site lists, users) held in memory
 * per simulator. The statistics rows cover the seven hours before the simulator's clock, alarms the
 * twelve. Statistics queries follow the controller's query DSL (statisticsQuery.ts:
 * `{query: {condition, rules: [{field, type, value, operator}]}, size}`); a malformed one gets the
 * controller's 500 `REST0001`, as does the GET `?query=` form.
 */

export interface DemoResponse {
  status: number;
  body?: unknown;
  /** Default application/json. */
  contentType?: string;
}

import { applyQuery, QueryError, type Row } from './statisticsQuery.ts';

const DEVICES = [
  { deviceId: '10.0.0.11', 'system-ip': '10.0.0.11', 'host-name': 'edge-sfo-1', 'device-type': 'vedge', 'site-id': '100', reachability: 'reachable', version: '20.18.1' },
  { deviceId: '10.0.0.12', 'system-ip': '10.0.0.12', 'host-name': 'edge-sfo-2', 'device-type': 'vedge', 'site-id': '100', reachability: 'reachable', version: '20.18.1' },
  { deviceId: '10.0.0.21', 'system-ip': '10.0.0.21', 'host-name': 'edge-nyc-1', 'device-type': 'vedge', 'site-id': '200', reachability: 'reachable', version: '20.15.2' },
  { deviceId: '10.0.0.31', 'system-ip': '10.0.0.31', 'host-name': 'edge-lon-1', 'device-type': 'vedge', 'site-id': '300', reachability: 'unreachable', version: '20.15.2' },
];
const COLORS = ['mpls', 'biz-internet'];
const SLOT_MS = 600_000;

/** 500 rows, 12 per 10-minute slot, the last slot at `latest` (so `last_n_hours` finds recent rows). */
function statsRows(latest: number): Row[] {
  const rows: Row[] = [];
  let n = 0;
  while (rows.length < 500) {
    for (const local of DEVICES) {
      for (const remote of DEVICES) {
        if (local === remote || rows.length >= 500) continue;
        const color = COLORS[n % 2];
        rows.push({
          entry_time: latest - (Math.floor(499 / 12) - Math.floor(n / 12)) * SLOT_MS,
          system_ip: local['system-ip'],
          remote_system_ip: remote['system-ip'],
          local_color: color,
          remote_color: color,
          state: local.reachability === 'reachable' && remote.reachability === 'reachable' ? 'up' : 'down',
          loss_percentage: (n * 7) % 5,
          latency: 10 + ((n * 13) % 90),
          jitter: (n * 3) % 11,
          tx_pkts: 1000 + ((n * 37) % 500),
          rx_pkts: 990 + ((n * 31) % 500),
        });
        n++;
      }
    }
  }
  return rows;
}

const STAT_FIELDS = ['entry_time', 'system_ip', 'remote_system_ip', 'local_color', 'remote_color', 'state', 'loss_percentage', 'latency', 'jitter', 'tx_pkts', 'rx_pkts'];

function error(status: number, code: string, message: string, details = ''): DemoResponse {
  return { status, body: { error: { message, code, details } } };
}

function sizeOf(body: Record<string, unknown>, fallback: number): number {
  const size = body.size;
  if (size === undefined) return fallback;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > 10_000) throw new QueryError('size must be an integer from 1 to 10000');
  return size;
}

export class DemoController {
  /** The controller's clock: statistics and alarms are recent relative to it. */
  private readonly now: () => number;
  private readonly rows: Row[];
  private readonly alarms: { uuid: string; severity: string; rule_name_display: string; system_ip: string; entry_time: number; acknowledged: boolean; active: boolean }[];
  private readonly viewed = new Set<string>();
  private readonly siteLists = new Map<string, Record<string, unknown>>([
    ['c0ffee00-0000-4000-8000-000000000001', { listId: 'c0ffee00-0000-4000-8000-000000000001', name: 'west-coast', type: 'site', entries: [{ siteId: '100' }] }],
  ]);
  private readonly users = new Map<string, { userName: string; password: string; group: string[]; description: string }>([
    ['admin', { userName: 'admin', password: 'not-shown', group: ['netadmin'], description: 'Administrator' }],
  ]);
  private nextList = 2;

  constructor(options: { now?: () => number } = {}) {
    this.now = options.now ?? Date.now;
    const latest = Math.floor(this.now() / SLOT_MS) * SLOT_MS;
    this.rows = statsRows(latest);
    this.alarms = Array.from({ length: 12 }, (_, i) => ({
      uuid: `a1a2a3a4-0000-4000-8000-${String(i).padStart(12, '0')}`,
      severity: ['Critical', 'Major', 'Minor'][i % 3],
      rule_name_display: ['BFD_Node_Down', 'Interface_State_Change', 'Control_Vsmart_Down'][i % 3],
      system_ip: DEVICES[i % 4]['system-ip'],
      entry_time: latest - i * 3_600_000,
      acknowledged: false,
      active: i % 4 !== 0,
    }));
  }

  handle(method: string, path: string, query: URLSearchParams, body: unknown): DemoResponse | null {
    try {
      return this.route(method, path, query, (body && typeof body === 'object' ? body : {}) as Record<string, unknown>);
    } catch (e) {
      if (e instanceof QueryError) return error(500, 'REST0001', 'Failed to process the statistics query', e.message);
      throw e;
    }
  }

  private device(query: URLSearchParams): (typeof DEVICES)[number] | DemoResponse {
    const id = query.get('deviceId');
    if (!id) return error(400, 'REST0002', 'deviceId is required');
    return DEVICES.find((d) => d.deviceId === id) ?? error(404, 'DEVICE0001', `No device with system IP ${id}`);
  }

  private route(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): DemoResponse | null {
    const key = `${method} ${path}`;
    const header = { generatedOn: this.now() };
    switch (key) {
      case 'GET /statistics/bfd':
        if (query.has('query')) return error(500, 'REST0001', 'Failed to process the statistics query', 'the GET form with ?query= is not supported; POST the query');
        return { status: 200, body: { header, data: this.rows.slice(-20) } };
      case 'POST /statistics/bfd':
        return { status: 200, body: { header, data: applyQuery(this.rows, body.query, STAT_FIELDS, this.now()).slice(0, sizeOf(body, 100)) } };
      case 'POST /statistics/bfd/doccount':
        return { status: 200, body: { data: [{ count: applyQuery(this.rows, body.query, STAT_FIELDS, this.now()).length }] } };
      case 'POST /statistics/bfd/aggregation': {
        const agg = body.aggregation as { field?: { property?: string }[] } | undefined;
        const by = agg?.field?.[0]?.property ?? 'system_ip';
        if (!STAT_FIELDS.includes(by)) throw new QueryError(`cannot aggregate by ${by}`);
        const groups = new Map<string, { count: number; tx_pkts: number }>();
        for (const r of applyQuery(this.rows, body.query, STAT_FIELDS, this.now())) {
          const g = groups.get(String(r[by])) ?? { count: 0, tx_pkts: 0 };
          g.count++;
          g.tx_pkts += Number(r.tx_pkts);
          groups.set(String(r[by]), g);
        }
        return { status: 200, body: { header, data: [...groups].map(([value, g]) => ({ [by]: value, ...g })) } };
      }
      case 'GET /statistics/bfd/fields':
        return { status: 200, body: STAT_FIELDS.map((property) => ({ property, dataType: property.endsWith('ip') || property.endsWith('color') || property === 'state' ? 'string' : 'number' })) };
      case 'GET /device': {
        const site = query.get('site-id');
        const reach = query.get('reachability');
        return { status: 200, body: { header, data: DEVICES.filter((d) => (!site || d['site-id'] === site) && (!reach || d.reachability === reach)) } };
      }
      case 'GET /device/counters': {
        const d = this.device(query);
        if ('status' in d) return d;
        return { status: 200, body: { data: [{ 'system-ip': d['system-ip'], 'number-vsmart-control-connections': 2, 'bfd-sessions-up': 4, 'omp-peers-up': 2, crashCount: 0 }] } };
      }
      case 'GET /device/bfd/sessions':
      case 'GET /device/bfd/summary': {
        const d = this.device(query);
        if ('status' in d) return d;
        const sessions = DEVICES.filter((p) => p !== d).map((p) => ({
          'system-ip': p['system-ip'],
          'site-id': p['site-id'],
          state: d.reachability === 'reachable' && p.reachability === 'reachable' ? 'up' : 'down',
          'local-color': 'mpls',
          color: 'mpls',
        }));
        if (key.endsWith('sessions')) return { status: 200, body: { data: sessions } };
        return { status: 200, body: { data: [{ 'bfd-sessions-total': sessions.length, 'bfd-sessions-up': sessions.filter((s) => s.state === 'up').length }] } };
      }
      case 'GET /alarms': {
        const count = query.has('count') ? Number(query.get('count')) : 25;
        const viewed = query.get('viewed');
        const list = this.alarms.filter((a) => viewed === null || String(this.viewed.has(a.uuid)) === viewed).slice(0, count);
        return { status: 200, body: { header, data: list.map((a) => ({ ...a, viewed: this.viewed.has(a.uuid) })) } };
      }
      case 'GET /alarms/count':
        return { status: 200, body: { data: [{ count: this.alarms.length, viewed: this.viewed.size }] } };
      case 'POST /alarms/markviewed': {
        const ids = Array.isArray(body.uuid) ? body.uuid.map(String) : null;
        if (!ids) return error(400, 'ALARM0001', 'uuid must be a list of alarm ids');
        const known = ids.filter((id) => this.alarms.some((a) => a.uuid === id));
        for (const id of known) this.viewed.add(id);
        return { status: 200, body: { marked: known.length } };
      }
      case 'GET /template/policy/list/site':
        return { status: 200, body: { data: [...this.siteLists.values()] } };
      case 'POST /template/policy/list/site': {
        if (typeof body.name !== 'string' || !body.name || !Array.isArray(body.entries)) return error(400, 'POLICY0001', 'A site list needs a name and a list of entries');
        const listId = `c0ffee00-0000-4000-8000-${String(this.nextList++).padStart(12, '0')}`;
        this.siteLists.set(listId, { listId, name: body.name, type: 'site', description: body.description ?? '', entries: body.entries });
        return { status: 200, body: { listId } };
      }
      case 'GET /admin/user':
        return { status: 200, body: { data: [...this.users.values()].map(({ password: _, ...u }) => u) } };
      case 'POST /admin/user': {
        if (typeof body.userName !== 'string' || typeof body.password !== 'string' || !Array.isArray(body.group)) return error(400, 'USER0001', 'userName, password and group are required');
        if (this.users.has(body.userName)) return error(400, 'USER0002', `User ${body.userName} already exists`);
        this.users.set(body.userName, { userName: body.userName, password: body.password, group: body.group.map(String), description: String(body.description ?? '') });
        return { status: 200, body: {} };
      }
      case 'GET /admin/usergroup':
        return { status: 200, body: [{ groupName: 'netadmin', tasks: ['all'] }, { groupName: 'operator', tasks: ['read'] }] };
      case 'GET /device/tools/log': {
        const d = this.device(query);
        if ('status' in d) return d;
        const lines = query.has('lines') ? Number(query.get('lines')) : 20;
        if (!Number.isInteger(lines) || lines < 1 || lines > 5000) return error(400, 'REST0002', 'lines must be from 1 to 5000');
        const text = Array.from({ length: lines }, (_, i) => `2025-01-01T00:${String(i % 60).padStart(2, '0')}:00Z ${d['host-name']} bfd: session ${i % 3 === 0 ? 'flap' : 'up'} color mpls`).join('\n');
        return { status: 200, body: `${text}\n`, contentType: 'text/plain' };
      }
    }
    const item = /^\/template\/policy\/list\/site\/([^/]+)$/.exec(path);
    if (item) {
      const id = decodeURIComponent(item[1]);
      const list = this.siteLists.get(id);
      if (!list) return error(404, 'POLICY0404', `No site list ${id}`);
      if (method === 'GET') return { status: 200, body: list };
      if (method === 'DELETE') {
        this.siteLists.delete(id);
        return { status: 200 };
      }
      if (method === 'PUT') {
        if (typeof body.name !== 'string' || !Array.isArray(body.entries)) return error(400, 'POLICY0001', 'A site list needs a name and a list of entries');
        this.siteLists.set(id, { ...list, name: body.name, entries: body.entries, description: body.description ?? list.description });
        return { status: 200, body: { listId: id } };
      }
    }
    const info = /^\/device\/([^/]+)\/info$/.exec(path);
    if (info && method === 'GET') {
      const id = decodeURIComponent(info[1]);
      const found = DEVICES.find((d) => d.deviceId === id);
      return found ? { status: 200, body: found } : error(404, 'DEVICE0001', `No device with system IP ${id}`);
    }
    const user = /^\/admin\/user\/([^/]+)$/.exec(path);
    if (user && method === 'DELETE') {
      const name = decodeURIComponent(user[1]);
      if (!this.users.delete(name)) return error(404, 'USER0404', `No user ${name}`);
      return { status: 200 };
    }
    return null;
  }
}
