/**
 * @module
 * Bulk create of devices whose type has component templates, on real PostgreSQL (issue 20): a
 * device type with 48 interface, 2 power-port and 1 console-port templates, made through the API,
 * then 1,000 devices of it in one POST (51,000 components instantiated in the same request). The
 * request is timed (median of `batches`), its statements are grouped per table with their time
 * (what dominates), and compared with a batch of `smallDevices` made first: a group whose count
 * differs between the two grows with the batch (statements per object, not per table). Every
 * component is checked to exist before a figure is returned.
 */
import { startInventoryServer } from '../../runtime/server/server.ts';
import { capturingDatabase } from './capturingDatabase.ts';
import { scratchDatabase } from './scratchDatabase.ts';
import { growingGroups, statementGroups, type StatementGroup } from './statementTables.ts';
import { listen, median } from './timing.ts';

export interface InstantiationFigures {
  devices: number;
  /** Components each device gets (the type's templates). */
  componentsPerDevice: number;
  /** Wall time (ms) of each bulk create of `devices` devices. */
  bulkCreateMs: number[];
  /** The first large batch's statements, grouped per table, the longest first. */
  groups: StatementGroup[];
  statements: number;
  /** Groups whose count differs between the small batch and the large one (empty: bounded). */
  growing: string[];
  smallDevices: number;
}

export interface InstantiationOptions {
  devices?: number;
  /** Templates of the type, by kind. */
  interfaces?: number;
  powerPorts?: number;
  consolePorts?: number;
  /** Timed bulk creates of `devices` (default 3). */
  batches?: number;
  /** The size of the batch made first, to tell bounded statement groups from growing ones (default 10). */
  smallDevices?: number;
}

const TOKEN = '0123456789abcdef0123456789abcdef01234567';

export async function measureDeviceInstantiation(adminUrl: string, options: InstantiationOptions = {}): Promise<InstantiationFigures> {
  const { devices = 1000, interfaces = 48, powerPorts = 2, consolePorts = 1, batches = 3, smallDevices = 10 } = options;
  const scratch = await scratchDatabase(adminUrl, `nbbench_inst_${process.pid}`);
  const capturing = capturingDatabase(scratch.db);
  try {
    const { app } = await startInventoryServer(capturing.db, { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN });
    const server = await listen(app);
    try {
      const headers = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };
      const request = async (method: string, path: string, body?: unknown): Promise<any> => {
        const response = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        const answer = await response.json();
        if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
        return answer;
      };
      const post = (path: string, body: unknown) => request('POST', path, body);
      const count = async (path: string) => (await request('GET', `${path}?limit=1`)).count as number;

      const manufacturer = await post('/api/dcim/manufacturers/', { name: 'Bench', slug: 'bench' });
      const type = await post('/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'Bench 48', slug: 'bench-48' });
      const role = await post('/api/dcim/device-roles/', { name: 'Bench', slug: 'bench', color: '00ff00' });
      const site = await post('/api/dcim/sites/', { name: 'Bench', slug: 'bench' });
      const templates = (kind: string, n: number, extra: Record<string, unknown>) =>
        n ? post(`/api/dcim/${kind}-templates/`, Array.from({ length: n }, (_, i) => ({ device_type: type.id, name: `${kind}${i + 1}`, ...extra }))) : null;
      await templates('interface', interfaces, { type: '1000base-t' });
      await templates('power-port', powerPorts, {});
      await templates('console-port', consolePorts, {});
      const perDevice = interfaces + powerPorts + consolePorts;

      let made = 0;
      const create = async (n: number) => {
        const body = Array.from({ length: n }, (_, k) => ({ name: `dev${made + k}`, device_type: type.id, role: role.id, site: site.id, status: 'active' }));
        capturing.reset();
        const started = performance.now();
        const created = await post('/api/dcim/devices/', body);
        const ms = performance.now() - started;
        made += n;
        if (created.length !== n || created.some((d: any) => d.interface_count !== interfaces || d.power_port_count !== powerPorts || d.console_port_count !== consolePorts)) {
          throw new Error('the devices created do not show their components');
        }
        return { ms, groups: statementGroups(capturing.statements), statements: capturing.statements.length };
      };

      const small = await create(smallDevices);
      const large = [];
      for (let b = 0; b < batches; b++) large.push(await create(devices));
      capturing.recording = false;
      const expected = { '/api/dcim/interfaces/': interfaces, '/api/dcim/power-ports/': powerPorts, '/api/dcim/console-ports/': consolePorts };
      for (const [path, n] of Object.entries(expected)) {
        const found = await count(path);
        if (found !== n * made) throw new Error(`${path}: ${found} components, ${n * made} expected`);
      }
      return {
        devices, componentsPerDevice: perDevice, bulkCreateMs: large.map((l) => l.ms), groups: large[0].groups, statements: large[0].statements,
        growing: growingGroups(small.groups, large[0].groups), smallDevices,
      };
    } finally {
      server.close();
    }
  } finally {
    await scratch.drop();
  }
}

/** The figures as lines for a person: time, statements per group, the groups that grow. */
export function describeInstantiation(f: InstantiationFigures): string {
  const lines = [
    `bulk create of ${f.devices} devices × ${f.componentsPerDevice} components: ${f.bulkCreateMs.map((ms) => `${Math.round(ms)} ms`).join(', ')} (median ${Math.round(median(f.bulkCreateMs))} ms)`,
    `${f.statements} statements; per group (count, summed time):`,
    ...f.groups.map((g) => `  ${g.key}: ${g.count}, ${g.ms.toFixed(0)} ms`),
    f.growing.length ? `growing with the batch (${f.smallDevices} → ${f.devices} devices): ${f.growing.join('; ')}` : `every group's count the same for ${f.smallDevices} and ${f.devices} devices`,
  ];
  return lines.join('\n');
}
