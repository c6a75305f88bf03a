/**
 * @module
 * What a rack elevation costs, on real PostgreSQL: `GET racks/{id}/elevation/?render=svg` of a
 * 48U rack holding 40 devices (1U and 2U, on both faces, some full depth) and 3 reservations,
 * one request at a time, against GET /api/status/ in the same run (the HTTP floor: the same
 * server, client and token lookup, no work), and the JSON elevation of the same rack. Medians of
 * 50 requests each after a warm-up; the drawing is checked to hold its 40 devices.
 */
import { performance } from 'node:perf_hooks';
import { startInventoryServer } from '../../runtime/server/server.ts';
import { scratchDatabase } from './scratchDatabase.ts';
import { apiPoster, listen, median } from './timing.ts';

export interface RackElevationFigures {
  devices: number;
  svgMs: number;
  svgBytes: number;
  jsonMs: number;
  statusMs: number;
}

const TOKEN = '0123456789abcdef0123456789abcdef0123456a';
const ROUNDS = 50;

export async function measureRackElevation(adminUrl: string): Promise<RackElevationFigures> {
  const scratch = await scratchDatabase(adminUrl, `nbbench_elevation_${process.pid}`);
  try {
    const { app } = await startInventoryServer(scratch.db, { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN });
    const server = await listen(app);
    try {
      const headers = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };
      const post = apiPoster(server.url, headers);
      const site = await post('dcim/sites', { name: 'Bench', slug: 'bench' });
      const manufacturer = await post('dcim/manufacturers', { name: 'Acme', slug: 'acme' });
      const oneU = await post('dcim/device-types', { manufacturer: manufacturer.id, model: 'Switch', slug: 'switch', u_height: 1, is_full_depth: false });
      const twoU = await post('dcim/device-types', { manufacturer: manufacturer.id, model: 'Server', slug: 'server', u_height: 2 });
      const roles = await post('dcim/device-roles', ['Core', 'Edge', 'Storage'].map((name, i) => ({ name, slug: name.toLowerCase(), color: ['aa1409', 'ffe4e1', '2196f3'][i] })));
      const rack = await post('dcim/racks', { name: 'R48', site: site.id, u_height: 48 });
      // 24 switches front and rear in units 1-12 (half depth, so both faces take them), then 16 servers of 2U in 13-44.
      const devices = [
        ...Array.from({ length: 24 }, (_, i) => ({ name: `switch-${i + 1}`, device_type: oneU.id, position: (i % 12) + 1, face: i < 12 ? 'front' : 'rear' })),
        ...Array.from({ length: 16 }, (_, i) => ({ name: `server-${i + 1}`, device_type: twoU.id, position: 13 + i * 2, face: 'front', serial: `SN${i}`, description: 'bench & <test>' })),
      ];
      await post('dcim/devices', devices.map((d, i) => ({ ...d, site: site.id, rack: rack.id, role: roles[i % 3].id })));
      await post('dcim/rack-reservations', [[45, 46], [47], [48]].map((units, i) => ({ rack: rack.id, units, user: 1, description: `hold ${i}` })));
      await scratch.db.query('ANALYZE');

      const timed = async (path: string, check: (body: string) => void): Promise<number> => {
        const times: number[] = [];
        for (let i = 0; i < ROUNDS + 5; i++) {
          const start = performance.now();
          const response = await fetch(`${server.url}${path}`, { headers });
          const body = await response.text();
          const elapsed = performance.now() - start;
          if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${body.slice(0, 300)}`);
          check(body);
          if (i >= 5) times.push(elapsed);
        }
        return median(times);
      };
      let svgBytes = 0;
      const svgMs = await timed(`/api/dcim/racks/${rack.id}/elevation/?render=svg`, (body) => {
        const drawn = body.match(/xlink:href="[^"]*\/dcim\/devices\/\d+\/"/g)?.length ?? 0;
        if (drawn !== 28) throw new Error(`the front drawing shows ${drawn} devices, not the 12 front switches and 16 servers`);
        svgBytes = body.length;
      });
      const jsonMs = await timed(`/api/dcim/racks/${rack.id}/elevation/?limit=0`, (body) => {
        if (JSON.parse(body).count !== 96) throw new Error('the JSON elevation does not list 96 half units');
      });
      const statusMs = await timed('/api/status/', () => {});
      return { devices: devices.length, svgMs, svgBytes, jsonMs, statusMs };
    } finally {
      server.close();
    }
  } finally {
    await scratch.drop();
  }
}
