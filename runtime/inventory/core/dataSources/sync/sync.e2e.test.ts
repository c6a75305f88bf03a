/**
 * A data source's sync end to end: a local directory and a git repository made by the test and
 * served over smart HTTP on 127.0.0.1 (one behind basic authentication), files created, updated and
 * deleted to match, ignore rules, failures that leave status `failed` and the files as they were,
 * the permission, and config templates synced by `sync/` and auto-synced by their source's sync.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../testing/database.ts';
import { gitRepository, startGitHttpServer, type GitHttpServer, type GitRepository } from '../../../../testing/gitHttpServer.ts';
import { bootTestApp, type TestClient } from '../../../../testing/inventoryApp.ts';
import { endedJob } from '../../../../testing/jobs.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(testDatabases())('data source sync on $name', (database) => {
  let api: TestClient;
  let local: string;
  let server: GitHttpServer;
  let locked: GitHttpServer;
  let repo: GitRepository;
  let privateRepo: GitRepository;

  const put = async (files: Record<string, string | null>) => {
    for (const [path, content] of Object.entries(files)) {
      const file = join(local, path);
      if (content === null) await rm(file, { force: true });
      else {
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, content);
      }
    }
  };
  const files = async (sourceId: number) => (await api.request('GET', `/api/core/data-files/?source_id=${sourceId}&limit=0`)).body.results as any[];
  const contents = async (sourceId: number) =>
    Object.fromEntries((await api.db.query<{ path: string; data: string | null }>(`SELECT path, data FROM core_data_file WHERE source_id = $1 ORDER BY path`, [sourceId])).map((r) => [r.path, r.data]));
  const source = async (body: Record<string, unknown>) => {
    const created = await api.request('POST', '/api/core/data-sources/', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  };
  /** `sync/` (200 with the source as it was), then the sync job once it ended, and the source after it. */
  const sync = async (id: number, headers?: Record<string, string>) => {
    const answer = await api.request('POST', `/api/core/data-sources/${id}/sync/`, undefined, headers);
    if (answer.status !== 200) return { ...answer, job: null as any };
    const job = await endedJob(api, 'core.datasource', id);
    return { status: answer.status, answer: answer.body, job, body: (await api.request('GET', `/api/core/data-sources/${id}/`)).body };
  };
  /** The reason a sync job gives (NetBox's `repr()` of the SyncError). */
  const reason = (job: any) => /^SyncError\('(.*)'\)$/s.exec(job.error)?.[1] ?? job.error;

  beforeAll(async () => {
    api = await bootTestApp(await database.open(), { JOB_WORKERS: '1' });
    local = await mkdtemp(join(tmpdir(), 'datasource-local-'));
    server = await startGitHttpServer();
    locked = await startGitHttpServer({ username: 'netbox', password: 's3cret' });
    repo = await gitRepository(server.root, 'configs');
    await repo.commit({ 'templates/leaf.j2': 'hostname {{ device.name }}\n', 'README.md': '# configs\n' }, 'first');
    await repo.git('checkout', '-q', '-b', 'dev');
    await repo.commit({ 'templates/spine.j2': 'spine {{ device.name }}\n' }, 'dev only');
    await repo.git('checkout', '-q', 'main');
    privateRepo = await gitRepository(locked.root, 'private');
    await privateRepo.commit({ 'secret.txt': 'top secret\n' }, 'first');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await server?.close();
    await locked?.close();
    if (local) await rm(local, { recursive: true, force: true });
  });

  it('creates, updates and deletes the files of a local directory to match it, skipping ignored ones', async () => {
    await put({ 'a.txt': 'alpha', 'sub/b.yaml': 'b: 1', 'sub/old.bak': 'x', '.hidden': 'h', 'sub/.env': 'e', '.git/config': 'c', 'notes/skip.md': 'n', 'bin.dat': '\u0000\u0001' });
    const ds = await source({ name: 'Local', type: 'local', source_url: `file://${local}`, ignore_rules: '*.bak\nnotes/*' });
    expect(ds.status.value).toBe('new');
    const first = await sync(ds.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // NetBox answers with the source as it was read, before the job was queued.
    expect(first.answer.status.value).toBe('new');
    expect(first.job).toMatchObject({ name: 'Synchronization', status: { value: 'completed' }, object_type: 'core.datasource', object_id: ds.id, user: { username: 'admin' } });
    expect(first.body).toMatchObject({ id: ds.id, status: { value: 'completed', label: 'Completed' }, file_count: 3 });
    expect(Date.parse(first.body.last_synced)).toBeGreaterThan(Date.now() - 60_000);
    const listed = await files(ds.id);
    expect(listed.map((f) => f.path)).toEqual(['a.txt', 'bin.dat', 'sub/b.yaml']);
    expect(listed[0]).toMatchObject({ size: 5, hash: sha256('alpha') });
    // A file that is not text keeps its size and hash, and no text (empty: NetBox's data_as_string is None).
    expect(await contents(ds.id)).toEqual({ 'a.txt': 'alpha', 'bin.dat': '', 'sub/b.yaml': 'b: 1' });

    const before = new Map(listed.map((f) => [f.path, f]));
    await put({ 'a.txt': 'alpha 2', 'sub/b.yaml': null, 'c/new.txt': 'new' });
    const second = await sync(ds.id);
    expect(second.job.status.value).toBe('completed');
    const after = await files(ds.id);
    expect(after.map((f) => f.path)).toEqual(['a.txt', 'bin.dat', 'c/new.txt']);
    expect(after[0]).toMatchObject({ id: before.get('a.txt').id, size: 7, hash: sha256('alpha 2') });
    expect(after[0].last_updated > before.get('a.txt').last_updated).toBe(true);
    // An unchanged file is left alone.
    expect(after[1]).toEqual(before.get('bin.dat'));
    expect(await contents(ds.id)).toEqual({ 'a.txt': 'alpha 2', 'bin.dat': '', 'c/new.txt': 'new' });
    expect(Date.parse(second.body.last_synced)).toBeGreaterThanOrEqual(Date.parse(first.body.last_synced));
  }, 60_000);

  it('fails a local source whose directory is missing, leaving its files as they were', async () => {
    const ds = await source({ name: 'Moving', type: 'local', source_url: local });
    expect((await sync(ds.id)).job.status.value).toBe('completed');
    const kept = await files(ds.id);
    await api.request('PATCH', `/api/core/data-sources/${ds.id}/`, { source_url: `${local}/missing` });
    const failed = await sync(ds.id);
    expect(failed.job.status.value).toBe('errored');
    expect(reason(failed.job)).toBe(`Fetching local data failed: ${local}/missing is not a directory.`);
    expect(failed.job.log_entries.map((e: any) => e.message)).toContain(`Error syncing data source: Fetching local data failed: ${local}/missing is not a directory.`);
    expect((await api.request('GET', `/api/core/data-sources/${ds.id}/`)).body.status.value).toBe('failed');
    expect(await files(ds.id)).toEqual(kept);
  }, 60_000);

  it('clones a branch of a git repository over HTTP', async () => {
    const main = await source({ name: 'Git main', type: 'git', source_url: `${server.url}/configs.git` });
    const synced = await sync(main.id);
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.status.value).toBe('completed');
    expect(await contents(main.id)).toEqual({ 'README.md': '# configs\n', 'templates/leaf.j2': 'hostname {{ device.name }}\n' });
    const dev = await source({ name: 'Git dev', type: 'git', source_url: `${server.url}/configs.git`, parameters: { branch: 'dev' }, ignore_rules: 'README.md' });
    expect((await sync(dev.id)).job.status.value).toBe('completed');
    expect(Object.keys(await contents(dev.id))).toEqual(['templates/leaf.j2', 'templates/spine.j2']);
    // A new commit: updated, created and deleted files.
    await repo.commit({ 'templates/leaf.j2': 'hostname {{ device.name }}!\n', 'README.md': null, 'contexts/site.json': '{"ntp": "10.0.0.1"}' }, 'second');
    expect((await sync(main.id)).job.status.value).toBe('completed');
    expect(await contents(main.id)).toEqual({ 'contexts/site.json': '{"ntp": "10.0.0.1"}', 'templates/leaf.j2': 'hostname {{ device.name }}!\n' });
  }, 60_000);

  it('reads a repository as a walk of its checkout would, but for symbolic links', async () => {
    const layout = await gitRepository(server.root, 'layout');
    await layout.commit({ 'a.txt': 'a', '.github/ci.yml': 'x', '.env': 'x', 'docs/.hidden/x.txt': 'nested', 'docs/.dot': 'x', 'bin/blob': Buffer.from([0xff, 0xfe, 0]) });
    await symlink('/etc/hostname', join(layout.dir, 'outside.txt'));
    await layout.commit({}, 'a link out of the repository');
    const ds = await source({ name: 'Layout', type: 'git', source_url: `${server.url}/layout.git` });
    expect((await sync(ds.id)).job.status.value).toBe('completed');
    // A top-level hidden directory is skipped, a nested one walked (os.walk's relative path check); dot files never.
    expect(await contents(ds.id)).toEqual({ 'a.txt': 'a', 'bin/blob': '', 'docs/.hidden/x.txt': 'nested' });
    expect((await files(ds.id)).find((f) => f.path === 'bin/blob')).toMatchObject({ size: 3, hash: createHash('sha256').update(Buffer.from([0xff, 0xfe, 0])).digest('hex') });
  }, 60_000);

  it('fails an unauthorised or unreachable repository with the reason, writing no file', async () => {
    const url = `${locked.url}/private.git`;
    const anonymous = await source({ name: 'Private', type: 'git', source_url: url });
    const refused = await sync(anonymous.id);
    expect(refused.job.status.value).toBe('errored');
    expect(reason(refused.job)).toMatch(/^Fetching remote data failed \(HttpError\): HTTP Error: 401 Unauthorized/);
    expect((await api.request('GET', `/api/core/data-sources/${anonymous.id}/`)).body).toMatchObject({ status: { value: 'failed', label: 'Failed' }, last_synced: null, file_count: 0 });

    await api.request('PATCH', `/api/core/data-sources/${anonymous.id}/`, { parameters: { username: 'netbox', password: 'wrong' } });
    const wrong = await sync(anonymous.id);
    expect(wrong.job.status.value).toBe('errored');
    expect(reason(wrong.job)).toMatch(/401/);
    expect(JSON.stringify(wrong.job)).not.toContain('wrong');

    await api.request('PATCH', `/api/core/data-sources/${anonymous.id}/`, { parameters: { username: 'netbox', password: 's3cret' } });
    const granted = await sync(anonymous.id);
    expect(granted.job.status.value, JSON.stringify(granted.job)).toBe('completed');
    expect(await contents(anonymous.id)).toEqual({ 'secret.txt': 'top secret\n' });

    // Credentials in the URL are used as they are (and never shown in the reason).
    const inline = await source({ name: 'Inline', type: 'git', source_url: `http://netbox:bad@${locked.url.slice('http://'.length)}/private.git` });
    const inlineFailed = await sync(inline.id);
    expect(inlineFailed.job.status.value).toBe('errored');
    expect(JSON.stringify(inlineFailed.job)).not.toContain(':bad@');

    const gone = await source({ name: 'Gone', type: 'git', source_url: 'http://127.0.0.1:9/nothing.git' });
    const unreachable = await sync(gone.id);
    expect(unreachable.job.status.value).toBe('errored');
    expect(reason(unreachable.job)).toMatch(/^Fetching remote data failed \(/);
    expect((await api.request('GET', `/api/core/data-sources/${gone.id}/`)).body.status.value).toBe('failed');

    // A failed sync of a source that synced before keeps its files.
    await api.request('PATCH', `/api/core/data-sources/${anonymous.id}/`, { parameters: { username: 'netbox', password: 'nope' } });
    expect((await sync(anonymous.id)).job.status.value).toBe('errored');
    expect(await contents(anonymous.id)).toEqual({ 'secret.txt': 'top secret\n' });
    const s3 = await source({ name: 'Bucket', type: 'amazon-s3', source_url: 's3://bucket/' });
    expect(reason((await sync(s3.id)).job)).toBe('The amazon-s3 backend is not available on this server.');
  }, 60_000);

  it('syncs config templates from their files: on sync/, and automatically when enabled', async () => {
    const ds = await source({ name: 'Templates', type: 'local', source_url: local });
    await put({ 'tpl/auto.j2': 'auto v1', 'tpl/manual.j2': 'manual v1' });
    expect((await sync(ds.id)).job.status.value).toBe('completed');
    const fileId = async (path: string) => (await api.request('GET', `/api/core/data-files/?source_id=${ds.id}&path=${path}`)).body.results[0].id;
    const auto = (await api.request('POST', '/api/extras/config-templates/', { name: 'Auto', template_code: 'x', data_file: await fileId('tpl/auto.j2'), auto_sync_enabled: true })).body;
    const manual = (await api.request('POST', '/api/extras/config-templates/', { name: 'Manual', template_code: 'x', data_file: await fileId('tpl/manual.j2') })).body;
    const plain = (await api.request('POST', '/api/extras/config-templates/', { name: 'Plain', template_code: 'mine' })).body;
    expect(auto).toMatchObject({ template_code: 'auto v1', data_path: 'tpl/auto.j2', auto_sync_enabled: true, data_source: { id: ds.id } });
    expect(manual).toMatchObject({ template_code: 'manual v1', auto_sync_enabled: false });

    await put({ 'tpl/auto.j2': 'auto v2', 'tpl/manual.j2': 'manual v2' });
    const changesBefore = (await api.request('GET', `/api/core/object-changes/?changed_object_type=extras.configtemplate&limit=1`)).body.count;
    expect((await sync(ds.id)).job.status.value).toBe('completed');
    const autoNow = (await api.request('GET', `/api/extras/config-templates/${auto.id}/`)).body;
    expect(autoNow.template_code).toBe('auto v2');
    expect(Date.parse(autoNow.data_synced)).toBeGreaterThan(Date.parse(auto.data_synced));
    expect((await api.request('GET', `/api/extras/config-templates/${manual.id}/`)).body.template_code).toBe('manual v1');
    const logged = (await api.request('GET', `/api/core/object-changes/?changed_object_type=extras.configtemplate&changed_object_id=${auto.id}&action=update`)).body;
    expect(logged.count).toBe(1);
    expect(logged.results[0].postchange_data.template_code).toBe('auto v2');
    expect((await api.request('GET', `/api/core/object-changes/?changed_object_type=extras.configtemplate&limit=1`)).body.count).toBe(changesBefore + 1);

    // sync/ on one object: from its file; an object without a file is answered as it is.
    const synced = await api.request('POST', `/api/extras/config-templates/${manual.id}/sync/`);
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body).toMatchObject({ id: manual.id, template_code: 'manual v2' });
    const untouched = await api.request('POST', `/api/extras/config-templates/${plain.id}/sync/`);
    expect(untouched.body).toEqual(plain);
    expect((await api.request('POST', '/api/extras/config-templates/999999/sync/')).status).toBe(404);

    // A file gone from the source leaves its objects without a file.
    await put({ 'tpl/auto.j2': null });
    expect((await sync(ds.id)).job.status.value).toBe('completed');
    expect((await api.request('GET', `/api/extras/config-templates/${auto.id}/`)).body).toMatchObject({ data_file: null, template_code: 'auto v2' });
  }, 60_000);

  it('needs the sync permission on the source, and on the model for a synced object', async () => {
    const ds = await source({ name: 'Guarded', type: 'local', source_url: local });
    const template = (await api.request('POST', '/api/extras/config-templates/', { name: 'Guarded', template_code: 'g' })).body;
    await api.request('POST', '/api/users/users/', { username: 'syncer', password: 'Syncer-pass-1' });
    const user = (await api.request('GET', '/api/users/users/?username=syncer')).body.results[0];
    const token = await api.request('POST', '/api/users/tokens/provision/', { username: 'syncer', password: 'Syncer-pass-1' }, { Authorization: '' });
    const as = { Authorization: `Token nbt_${token.body.key}.${token.body.token}` };
    const grant = (actions: string[]) =>
      api.request('POST', '/api/users/permissions/', { name: `p-${actions.join('-')}`, object_types: ['core.datasource', 'extras.configtemplate'], actions, users: [user.id] });
    expect((await sync(ds.id, as)).status).toBe(403);
    expect((await grant(['view', 'add'])).status).toBe(201);
    expect((await sync(ds.id, as)).body).toEqual({ detail: 'This user does not have permission to synchronize this data source.' });
    expect((await api.request('POST', `/api/extras/config-templates/${template.id}/sync/`, undefined, as)).body).toEqual({ detail: 'Missing permission: extras.sync_configtemplate' });
    expect((await grant(['sync'])).status).toBe(201);
    expect((await sync(ds.id, as)).job.status.value).toBe('completed');
    expect((await api.request('POST', `/api/extras/config-templates/${template.id}/sync/`, undefined, as)).status).toBe(200);
  }, 60_000);
});
