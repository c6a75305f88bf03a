/**
 * @module
 * What object permissions cost, on real PostgreSQL: GET /api/dcim/devices/?limit=50 over the
 * device set of bench/devicesSeed.ts as the superuser (the baseline) and as a user whose three
 * view permissions are constrained (one through an FK traversal to the site's tenant), in the same
 * run. The constrained pages must still be full, so both do the same work per response; the
 * statements of one constrained request are counted (the permissions come with the token lookup).
 * Both are measured in alternating turns, so a change of machine load falls on both alike.
 */
import { scratchDatabase } from './scratchDatabase.ts';
import { startInventoryServer } from '../../runtime/server/server.ts';
import { countingDatabase } from '../../runtime/testing/countingDatabase.ts';
import { seedDevices } from './devicesSeed.ts';
import { listen, median, requestsPerSecond } from './timing.ts';

export interface PermissionFigures {
  devices: number;
  superuserRps: number;
  constrainedRps: number;
  /** Statements of one constrained list request, the token lookup (which brings the permissions) included. */
  constrainedStatements: number;
}

const LIST = '/api/dcim/devices/?limit=50';
const TOKEN = '0123456789abcdef0123456789abcdef01234569';
const TURNS = 7;

export async function measurePermissions(adminUrl: string, devices = 10_000, durationMs = 5000): Promise<PermissionFigures> {
  const scratch = await scratchDatabase(adminUrl, `nbbench_permissions_${process.pid}`);
  const { db, url } = scratch;
  const counting = countingDatabase(db);
  try {
    const { app } = await startInventoryServer(counting.db, { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN });
    const server = await listen(app);
    try {
      const superuser = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };
      const send = (method: string) => async (path: string, body: unknown): Promise<any> => {
        const response = await fetch(`${server.url}${path}`, { method, headers: superuser, body: JSON.stringify(body) });
        const answer = await response.json();
        if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
        return answer;
      };
      await seedDevices(send('POST'), send('PATCH'), devices);
      // Statistics as autovacuum would soon have them, so the plans do not change halfway through.
      await db.query('ANALYZE');
      const user = await send('POST')('/api/users/users/', { username: 'constrained', password: 'Constrained-pass-1' });
      const constraints = [
        { site__tenant__slug: 'bench' }, // through the site to its tenant
        { status__in: ['planned', 'staging'] },
        { name__istartswith: 'nothing-' },
      ];
      for (const [i, constraint] of constraints.entries()) {
        await send('POST')('/api/users/permissions/', { name: `view devices ${i}`, object_types: ['dcim.device'], actions: ['view'], constraints: constraint, users: [user.id] });
      }
      const token = await fetch(`${server.url}/api/users/tokens/provision/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'constrained', password: 'Constrained-pass-1' }) }).then((r) => r.json() as Promise<{ key: string; token: string }>);
      const constrained = { Authorization: `Bearer nbt_${token.key}.${token.token}` };

      // The token's first use records last_used (at most once a minute); a request after it is the steady state.
      await fetch(`${server.url}${LIST}`, { headers: constrained }).then((r) => r.json());
      counting.reset();
      const page = await fetch(`${server.url}${LIST}`, { headers: constrained }).then((r) => r.json() as Promise<{ count: number }>);
      const constrainedStatements = counting.statements.length;
      if (page.count !== devices) throw new Error(`the constrained user sees ${page.count} devices, not all ${devices}`);

      await requestsPerSecond(`${server.url}${LIST}`, superuser, 50, durationMs / 5); // warm-up of both, discarded
      await requestsPerSecond(`${server.url}${LIST}`, constrained, 50, durationMs / 5);
      // In alternating turns, so that both see the same machine load (medians of the turns).
      const rates = { superuser: [] as number[], constrained: [] as number[] };
      for (let turn = 0; turn < TURNS; turn++) {
        rates.superuser.push(await requestsPerSecond(`${server.url}${LIST}`, superuser, 50, durationMs / TURNS));
        rates.constrained.push(await requestsPerSecond(`${server.url}${LIST}`, constrained, 50, durationMs / TURNS));
      }
      return { devices, superuserRps: median(rates.superuser), constrainedRps: median(rates.constrained), constrainedStatements };
    } finally {
      server.close();
    }
  } finally {
    await scratch.drop();
  }
}
