/**
 * @module
 * What event rules cost, on real PostgreSQL. Latency: single device creates, one request at a
 * time, with 5 enabled event rules watching device creates (each with a webhook) against the same
 * rules disabled, in alternating turns on one server with no workers (delivery is queued, never
 * run in the request: what a create pays is the watch in its record statement and the enqueue of
 * one task). Delivery: a bulk create of 1,000 devices with one rule and webhook, then the time
 * from its answer until a receiver on 127.0.0.1 has had all 1,000 deliveries, from a server with
 * 8 workers (BENCH_EVENT_WORKERS; `npm start` runs 2 unless JOB_WORKERS says otherwise).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { scratchDatabase } from './scratchDatabase.ts';
import { startInventoryServer } from '../../runtime/server/server.ts';
import { closeRenderer } from '../../runtime/inventory/extras/rendering/index.ts';
import { apiPoster, listen, median } from './timing.ts';

export interface EventRuleFigures {
  workers: number;
  createNoneMs: number;
  createFiveMs: number;
  deliveries: number;
  /** From the bulk create's answer to the first delivery received (the rules run, 1,000 tasks queued). */
  firstMs: number;
  /** From the bulk create's answer to the last delivery received. */
  deliveryMs: number;
  bulkCreateMs: number;
}

const TOKEN = '0123456789abcdef0123456789abcdef01234567';
const headers = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };
const TURNS = 6;
const PER_TURN = 60;
const DELIVERIES = 1000;
/** Workers of the delivering server: deliveries wait on the network, so more than the cores pay. */
const WORKERS = Number(process.env.BENCH_EVENT_WORKERS ?? 8);

export async function measureEventRules(adminUrl: string): Promise<EventRuleFigures> {
  let received = 0;
  let lastAt = 0;
  let firstAt = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (received++ === 0) firstAt = performance.now();
      lastAt = performance.now();
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const scratch = await scratchDatabase(adminUrl, `nbbench_events_${process.pid}`);
  try {
    const env = { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN };
    const booted = await startInventoryServer(scratch.db, env);
    const server = await listen(booted.app);
    const post = apiPoster(server.url, headers);
    const site = await post('dcim/sites', { name: 'Bench', slug: 'bench' });
    const manufacturer = await post('dcim/manufacturers', { name: 'Bench', slug: 'bench' });
    const type = await post('dcim/device-types', { manufacturer: manufacturer.id, model: 'Bench 1U', slug: 'bench-1u' });
    const role = await post('dcim/device-roles', { name: 'Bench', slug: 'bench' });
    let n = 0;
    const device = () => ({ name: `dev${n++}`, device_type: type.id, role: role.id, site: site.id, status: 'active' });
    const hooks = await post('extras/webhooks', Array.from({ length: 5 }, (_, i) => ({ name: `hook${i}`, payload_url: hookUrl, secret: 'bench' })));
    const rules = await post('extras/event-rules', hooks.map((h: any, i: number) => ({
      name: `rule${i}`, enabled: false, object_types: ['dcim.device'], event_types: ['object_created'], conditions: { attr: 'status.value', value: 'active' },
      action_type: 'webhook', action_object_type: 'extras.webhook', action_object_id: h.id,
    })));
    const enable = async (enabled: boolean) => {
      const response = await fetch(`${server.url}/api/extras/event-rules/`, { method: 'PATCH', headers, body: JSON.stringify(rules.map((r: any) => ({ id: r.id, enabled }))) });
      if (response.status !== 200) throw new Error(`PATCH event-rules: ${response.status}`);
    };
    const turn = async () => {
      const times: number[] = [];
      for (let i = 0; i < PER_TURN; i++) {
        const started = performance.now();
        await post('dcim/devices', device());
        times.push(performance.now() - started);
      }
      return median(times);
    };
    await turn(); // warm-up, discarded
    const none: number[] = [];
    const five: number[] = [];
    for (let t = 0; t < TURNS; t++) {
      await enable(false);
      none.push(await turn());
      await enable(true);
      five.push(await turn());
    }
    await enable(false);
    server.close();
    await booted.queue.stop();

    // Delivery: the queued tasks of the turns above are dropped; one rule, 1,000 devices, 2 workers.
    await scratch.db.query(`DELETE FROM core_task`);
    const workers = await startInventoryServer(scratch.db, { ...env, JOB_WORKERS: String(WORKERS) });
    const second = await listen(workers.app);
    try {
      const post2 = apiPoster(second.url, headers);
      const response = await fetch(`${second.url}/api/extras/event-rules/${rules[0].id}/`, { method: 'PATCH', headers, body: JSON.stringify({ enabled: true }) });
      if (response.status !== 200) throw new Error(`PATCH event-rule: ${response.status}`);
      received = 0;
      const started = performance.now();
      await post2('dcim/devices', Array.from({ length: DELIVERIES }, device));
      const answered = performance.now();
      const deadline = answered + 120_000;
      while (received < DELIVERIES && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      return { workers: WORKERS, createNoneMs: median(none), createFiveMs: median(five), deliveries: received, deliveryMs: lastAt - answered, firstMs: firstAt - answered, bulkCreateMs: answered - started };
    } finally {
      second.close();
      await workers.queue.stop();
    }
  } finally {
    await scratch.drop();
    receiver.close();
    await closeRenderer();
  }
}
