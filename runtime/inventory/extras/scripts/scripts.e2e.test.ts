/**
 * Custom scripts on both databases, with a job worker: a module uploaded, its scripts listed with
 * NetBox's fields and filters and found as `<module>.<ClassName>`; runs as jobs whose writes are
 * kept with commit true and all gone with commit false; variables checked (400); a script that
 * throws or loops ends its job errored with nothing written; a write the engine refuses reaches the
 * script as an error it can catch; the caller's permissions hold inside the script; and running or
 * uploading without NetBox's permissions is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';
import { endedJob } from '../../../testing/jobs.ts';

const MODULE = `
export class MakeSites extends Script {
  static description = 'Creates sites';
  static vars = {
    prefix: new StringVar({ max_length: 10, regex: '^[a-z]+$' }),
    count: new IntegerVar({ min_value: 1, max_value: 5 }),
    tenant: new ObjectVar({ model: 'tenancy.tenant', required: false }),
    flag: new BooleanVar(),
  };
  async run(data, commit) {
    for (let i = 1; i <= data.count; i++) {
      const site = await this.netbox.create('dcim/sites/', { name: data.prefix + i, slug: data.prefix + i, tenant: data.tenant ? data.tenant.id : null });
      this.log_success('Created ' + site.name, site);
    }
    const listed = await this.netbox.list('dcim/sites/', { name__isw: data.prefix });
    this.log_info('now ' + listed.count + (data.tenant ? ' for ' + data.tenant.name : ''));
    return 'made ' + data.count;
  }
}
export const Boom = { description: 'Throws', run() { this.log_info('about to fail'); throw new TypeError('kaboom'); } };
export const Forever = { job_timeout: 1, async run() { await this.netbox.create('dcim/sites/', { name: 'loop', slug: 'loop' }); for (;;) {} } };
export const Spin = { job_timeout: 20, run() { const end = Date.now() + 4000; while (Date.now() < end) {} return 'spun'; } };
export const Careful = {
  async run() {
    await this.netbox.create('dcim/sites/', { name: 'kept', slug: 'kept' });
    this.log_debug('env ' + Object.keys(process.env).length);
    try {
      await this.netbox.create('dcim/sites/', { name: 'kept', slug: 'other' });
    } catch (error) {
      this.log_warning(error.status + ' ' + JSON.stringify(error.body));
    }
    return 'done';
  },
};
`;

const upload = (api: TestClient, name: string, text: string, headers: Record<string, string> = {}, method = 'POST', path = '/api/extras/scripts/upload/') => {
  const form = new FormData();
  form.append('file', new File([text], name, { type: 'text/javascript' }));
  return api.raw(method, path, form, headers);
};

describe.each(testDatabases())('custom scripts on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};

  const job = async (scriptId: number, headers: Record<string, string> = {}) => {
    const end = Date.now() + 60_000;
    for (;;) {
      const detail = await api.request('GET', `/api/extras/scripts/${scriptId}/`, undefined, headers);
      if (['completed', 'errored', 'failed'].includes(detail.body.result?.status?.value)) return detail.body.result;
      if (Date.now() > end) throw new Error(`the job did not end: ${JSON.stringify(detail.body.result)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const siteNames = async () => (await api.request('GET', '/api/dcim/sites/?ordering=name')).body.results.map((s: any) => s.name);

  beforeAll(async () => {
    api = await bootTestApp(await database.open(), { JOB_WORKERS: '1' });
    const uploaded = await upload(api, 'demo.js', MODULE);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    ids.module = uploaded.body.id;
    const list = await api.request('GET', '/api/extras/scripts/');
    for (const s of list.body.results) ids[s.name] = s.id;
  }, 120_000);
  afterAll(async () => api?.close());

  it('uploads a module and lists its scripts with NetBox fields and filters', async () => {
    const list = await api.request('GET', '/api/extras/scripts/?ordering=name');
    expect(list.body.results.map((s: any) => s.name)).toEqual(['Boom', 'Careful', 'Forever', 'MakeSites', 'Spin']);
    const make = list.body.results.find((s: any) => s.name === 'MakeSites');
    expect(Object.keys(make).sort()).toEqual(['description', 'display', 'display_url', 'id', 'is_executable', 'module', 'name', 'result', 'url', 'vars']);
    expect(make).toMatchObject({ module: ids.module, description: 'Creates sites', vars: { prefix: 'StringVar', count: 'IntegerVar', tenant: 'ObjectVar', flag: 'BooleanVar' }, result: null, display: 'MakeSites (demo)', is_executable: true });
    expect((await api.request('GET', '/api/extras/scripts/?name__ic=boo')).body.results.map((s: any) => s.name)).toEqual(['Boom']);
    expect((await api.request('GET', `/api/extras/scripts/?module_id=${ids.module}`)).body.count).toBe(5);
    expect((await api.request('GET', '/api/extras/scripts/?brief=1')).body.results[0]).toHaveProperty('description');
    expect((await api.request('GET', '/api/extras/scripts/demo.MakeSites/')).body.id).toBe(ids.MakeSites);
    expect((await api.request('GET', '/api/extras/scripts/demo.Nope/')).status).toBe(404);
    // Scripts change only through their module, as NetBox's ScriptViewSet.
    expect((await api.request('PATCH', `/api/extras/scripts/${ids.Boom}/`, { description: 'x' })).status).toBe(405);
    expect((await api.request('DELETE', `/api/extras/scripts/${ids.Boom}/`)).status).toBe(405);
    // An event rule may name a script as its action (NetBox's EventRulesMixin).
    const rule = await api.request('POST', '/api/extras/event-rules/', { name: 'On manufacturer', object_types: ['dcim.manufacturer'], event_types: ['object_created'], action_type: 'script', action_object_type: 'extras.script', action_object_id: ids.Boom });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    expect(rule.body.action_object).toMatchObject({ id: ids.Boom, display: 'Boom (demo)' });
    // A manufacturer created fires it: the script runs as a job of its creator, with the manufacturer as its data.
    const fires = await api.request('POST', '/api/dcim/manufacturers/', { name: 'Fires', slug: 'fires' });
    expect(fires.status).toBe(201);
    const job = await endedJob(api, 'extras.script', ids.Boom);
    expect(job).toMatchObject({ name: 'Run Script', status: { value: 'errored' }, user: { username: 'admin' } });
    expect(JSON.stringify(job.data)).toContain('about to fail');
    await api.request('DELETE', `/api/extras/event-rules/${rule.body.id}/`);
    await api.request('DELETE', `/api/dcim/manufacturers/${fires.body.id}/`);
    const again = await upload(api, 'demo.js', MODULE);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: ['A script module with this file name already exists.'] });
    const broken = await upload(api, 'broken.js', 'export const x = {;');
    expect(broken.status).toBe(400);
    expect(broken.body.non_field_errors[0]).toMatch(/^Error loading script: SyntaxError/);
  });

  it('refuses invalid data with the variables\' messages, and writes nothing', async () => {
    const bad = await api.request('POST', `/api/extras/scripts/${ids.MakeSites}/`, { data: { prefix: 'AB', count: 9, tenant: 999 }, commit: true });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      prefix: ['Invalid value. Must match regex: ^[a-z]+$'],
      count: ['Ensure this value is less than or equal to 5.'],
      tenant: ['Select a valid choice. That choice is not one of the available choices.'],
    });
    expect((await api.request('POST', `/api/extras/scripts/${ids.MakeSites}/`, { data: {} })).body).toEqual({ commit: ['This field is required.'] });
    const run = (body: unknown) => api.request('POST', `/api/extras/scripts/${ids.MakeSites}/`, body);
    expect((await run({ data: {}, commit: 'maybe' })).body).toEqual({ commit: ['Must be a valid boolean.'] });
    expect((await run([1])).status).toBe(400);
    expect((await run({ data: [1], commit: true })).status).toBe(400);
    expect((await run({ data: { prefix: 'ok', count: 1, tenant: { id: 1 } }, commit: true, schedule_at: 5 })).body).toMatchObject({ schedule_at: [expect.stringMatching(/^Datetime has wrong format/)] });
    expect((await api.request('POST', '/api/extras/scripts/99999999999/', { data: {}, commit: true })).status).toBe(404);
    expect((await api.request('POST', '/api/extras/scripts/upload/', { file: 'x.js' })).body).toEqual({ file: ['No file was submitted.'] });
    expect((await upload(api, 'x.js', '', {}, 'PUT', '/api/extras/scripts/upload/99999999999/')).status).toBe(404);
    expect((await api.request('GET', `/api/extras/scripts/${ids.MakeSites}/`)).body.result).toBeNull();
  });

  it('runs with commit false: the job completes, its log is kept, and no write is left', async () => {
    const ran = await api.request('POST', `/api/extras/scripts/demo.MakeSites/`, { data: { prefix: 'dry', count: 2 }, commit: false });
    expect(ran.status, JSON.stringify(ran.body)).toBe(200);
    expect(ran.body.result).toMatchObject({ name: 'Run Script', object_type: 'extras.script', object_id: ids.MakeSites });
    expect(['pending', 'running', 'completed']).toContain(ran.body.result.status.value);
    const result = await job(ids.MakeSites);
    expect(result.status.value).toBe('completed');
    expect(result.data.output).toBe('made 2');
    expect(result.data.log.map((l: any) => [l.status, l.message])).toEqual([['success', 'Created dry1'], ['success', 'Created dry2'], ['info', 'now 2'], ['info', 'Database changes have been reverted automatically.']]);
    expect(await siteNames()).toEqual([]);
    expect((await api.request('GET', '/api/core/object-changes/?changed_object_type=dcim.site')).body.count).toBe(0);
  });

  it('runs with commit true: the writes are kept, as the requesting user', async () => {
    const ran = await api.request('POST', `/api/extras/scripts/${ids.MakeSites}/`, { data: { prefix: 'wet', count: 2 }, commit: true });
    expect(ran.status).toBe(200);
    const result = await job(ids.MakeSites);
    expect(result.status.value, JSON.stringify(result)).toBe('completed');
    expect(await siteNames()).toEqual(['wet1', 'wet2']);
    const changes = (await api.request('GET', '/api/core/object-changes/?changed_object_type=dcim.site')).body.results;
    expect(changes.map((c: any) => c.user_name)).toEqual(['admin', 'admin']);
    // The job is about the script (core.jobs' generic `object`, the jobs feature).
    const listed = await api.request('GET', `/api/core/jobs/?object_type=extras.script&object_id=${ids.MakeSites}&ordering=-id`);
    expect(listed.body.results[0]).toMatchObject({ id: result.id, object: { id: ids.MakeSites, display: 'MakeSites (demo)' }, user: { username: 'admin' } });
  });

  it('gives object variables as the API shows the objects', async () => {
    const tenant = await api.request('POST', '/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' });
    await api.request('POST', `/api/extras/scripts/${ids.MakeSites}/`, { data: { prefix: 'acme', count: 1, tenant: tenant.body.id }, commit: true });
    const result = await job(ids.MakeSites);
    expect(result.data.log.map((l: any) => l.message)).toContain('now 1 for Acme');
    expect((await api.request('GET', '/api/dcim/sites/?name=acme1')).body.results[0].tenant.id).toBe(tenant.body.id);
  });

  it('ends a script that throws as errored, with its log and nothing written', async () => {
    await api.request('POST', `/api/extras/scripts/${ids.Boom}/`, { data: {}, commit: true });
    const result = await job(ids.Boom);
    expect(result.status.value).toBe('errored');
    expect(result.error).toContain('kaboom');
    expect(result.data.log[0].message).toBe('about to fail');
    expect(result.data.log[1].message).toMatch(/^An exception occurred: `TypeError: kaboom`/);
  });

  it('stops a script that runs past its job_timeout, rolling its writes back', async () => {
    await api.request('POST', `/api/extras/scripts/${ids.Forever}/`, { data: {}, commit: true });
    const result = await job(ids.Forever);
    expect(result.status.value).toBe('errored');
    expect(result.error).toContain('Task exceeded maximum timeout value (1 seconds)');
    expect(await siteNames()).not.toContain('loop');
    // The server still answers.
    expect((await api.request('GET', '/api/status/')).status).toBe(200);
  });

  it('holds no database connection while a script computes without calling the API', async () => {
    const ran = await api.request('POST', `/api/extras/scripts/${ids.Spin}/`, { data: {}, commit: true });
    const jobUrl = `/api/core/jobs/${ran.body.result.id}/`;
    while ((await api.request('GET', jobUrl)).body.status.value !== 'running') await new Promise((r) => setTimeout(r, 20));
    // The script spins for 4 s on its thread; the database answers meanwhile (the embedded one too).
    await api.request('POST', '/api/tenancy/tenant-groups/', { name: 'During', slug: 'during' });
    expect((await api.request('GET', jobUrl)).body.status.value).toBe('running');
    expect((await job(ids.Spin)).data.output).toBe('spun');
  });

  it('passes a refused write to the script as an error it can catch', async () => {
    await api.request('POST', `/api/extras/scripts/${ids.Careful}/`, { data: {}, commit: true });
    const result = await job(ids.Careful);
    expect(result.status.value).toBe('completed');
    // The server's settings are not in the script's process.env.
    expect(result.data.log[0].message).toBe('env 0');
    expect(result.data.log[1].status).toBe('warning');
    expect(result.data.log[1].message).toMatch(/^400 \{"name":\["site with this name already exists\."\]/);
    expect(await siteNames()).toContain('kept');
    expect(await siteNames()).not.toContain('other');
  });

  it('needs NetBox\'s permissions to run and upload, and holds the caller\'s inside the script', async () => {
    const user = await api.request('POST', '/api/users/users/', { username: 'runner', password: 'Runner-pass-12' });
    const token = await api.request('POST', '/api/users/tokens/provision/', { username: 'runner', password: 'Runner-pass-12' }, { Authorization: '' });
    const as = { Authorization: `Token nbt_${token.body.key}.${token.body.token}` };
    const run = () => api.request('POST', `/api/extras/scripts/${ids.MakeSites}/`, { data: { prefix: 'perm', count: 1 }, commit: true }, as);
    await api.request('POST', '/api/users/permissions/', { name: 'see scripts', users: [user.body.id], object_types: ['extras.script'], actions: ['view'] });
    expect((await run()).status).toBe(403);
    expect((await upload(api, 'other.js', 'export const A = { run() {} };', as)).status).toBe(403);
    await api.request('POST', '/api/users/permissions/', { name: 'run scripts', users: [user.body.id], object_types: ['extras.script'], actions: ['run'] });
    expect((await run()).status).toBe(200);
    // The runner may not add sites: the script's create is refused with the runner's 403, and the job errors.
    const result = await job(ids.MakeSites, as);
    expect(result.status.value).toBe('errored');
    expect(result.error).toContain('403');
    expect(await siteNames()).not.toContain('perm1');
    expect((await api.request('POST', `/api/extras/scripts/${ids.MakeSites}/`, { data: { prefix: 'x', count: 1 }, commit: true }, { Authorization: '' })).status).toBe(403);
    const readOnly = await api.request('POST', '/api/users/tokens/', { user: user.body.id, write_enabled: false });
    const reader = { Authorization: `Token nbt_${readOnly.body.key}.${readOnly.body.token}` };
    expect((await api.request('POST', `/api/extras/scripts/${ids.MakeSites}/`, { data: { prefix: 'x', count: 1 }, commit: true }, reader)).status).toBe(403);
    expect((await api.request('GET', `/api/extras/scripts/${ids.MakeSites}/`, undefined, reader)).status).toBe(200);
  });

  it('schedules a run, with an interval, and refuses a time in the past', async () => {
    const past = await api.request('POST', `/api/extras/scripts/${ids.Forever}/`, { data: {}, commit: true, schedule_at: '2001-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body).toEqual({ schedule_at: ['Scheduled time must be in the future.'] });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await api.request('POST', `/api/extras/scripts/${ids.Forever}/`, { data: {}, commit: true, schedule_at: later, interval: 60, notifications: 'never' });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body.result).toMatchObject({ status: { value: 'scheduled' }, interval: 60, notifications: { value: 'never' } });
    expect(Date.parse(scheduled.body.result.scheduled)).toBe(Date.parse(later));
  });

  it('replaces a module by file name: a script gone with jobs is kept not executable', async () => {
    const mismatch = await upload(api, 'other.js', 'export const A = { run() {} };', {}, 'PUT', '/api/extras/scripts/upload/demo.js/');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ file: ['The uploaded file name must match the existing file path (demo.js).'] });
    const replaced = await upload(api, 'demo.js', MODULE.replace(/export const Boom[^\n]*\n/, ''), {}, 'PUT', '/api/extras/scripts/upload/demo.js/');
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({ id: ids.module, display: 'demo', file_path: 'demo.js' });
    const boom = await api.request('GET', `/api/extras/scripts/${ids.Boom}/`);
    expect(boom.body.is_executable).toBe(false);
    const run = await api.request('POST', `/api/extras/scripts/${ids.Boom}/`, { data: {}, commit: true });
    expect(run.status).toBe(400);
    expect(run.body).toEqual(['This script is not currently executable.']);
  });
});
