/**
 * Configuration as code, end to end: a git repository made by the test and served over HTTP on
 * 127.0.0.1 holds a config template (which includes another file of the repository) and config
 * contexts; a data source syncs it, the template and contexts take their content from its files,
 * and a device's render-config combines them. A commit to the repository and a sync later, the
 * auto-synced template and the re-synced contexts render the new configuration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { gitRepository, startGitHttpServer, type GitHttpServer, type GitRepository } from '../testing/gitHttpServer.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';
import { endedJob } from '../testing/jobs.ts';

const ROUTER = `{% include 'templates/banner.j2' %}
hostname {{ device.name }}
{% for server in ntp.servers %}ntp server {{ server }}
{% endfor %}{% for interface in device.interfaces.all() %}interface {{ interface.name }}
{% endfor %}logging host {{ syslog | default('none') }}
`;

describe.each(testDatabases())('configuration as code from a git repository, on $name', (database) => {
  let api: TestClient;
  let server: GitHttpServer;
  let repo: GitRepository;

  /** Asserts the status, then answers the body. */
  const call = async (method: string, path: string, body?: unknown, status = method === 'POST' && !path.endsWith('sync/') && !path.includes('render') ? 201 : 200) => {
    const answer = await api.request(method, path, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
    return answer.body;
  };
  /** `sync/` runs a job: its outcome once it ended. */
  const synced = async (sourceId: number) => {
    await call('POST', `/api/core/data-sources/${sourceId}/sync/`);
    return (await endedJob(api, 'core.datasource', sourceId)).status.value;
  };
  const rendered = async (deviceId: number) => {
    const answer = await api.request('POST', `/api/dcim/devices/${deviceId}/render-config/?format=txt`, {});
    expect(answer.status, String(answer.body)).toBe(200);
    return String(answer.body);
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open(), { JOB_WORKERS: '1' });
    server = await startGitHttpServer();
    repo = await gitRepository(server.root, 'network');
    await repo.commit({
      'templates/router.j2': ROUTER,
      'templates/banner.j2': '! managed from git\n',
      'contexts/ntp.yaml': 'ntp:\n  servers: [10.0.0.1, 10.0.0.2]\n',
      'contexts/site.json': '{"syslog": "10.1.1.1"}\n',
    }, 'first');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await server?.close();
  });

  it('renders a device from a template and contexts kept in git, and again after a commit', async () => {
    const source = await call('POST', '/api/core/data-sources/', { name: 'network', type: 'git', source_url: `${server.url}/network.git`, parameters: { branch: 'main' } });
    expect(await synced(source.id)).toBe('completed');
    const files = Object.fromEntries(((await call('GET', `/api/core/data-files/?source_id=${source.id}&limit=0`)).results as any[]).map((file) => [file.path, file.id]));
    expect(Object.keys(files).sort()).toEqual(['contexts/ntp.yaml', 'contexts/site.json', 'templates/banner.j2', 'templates/router.j2']);

    const template = await call('POST', '/api/extras/config-templates/', { name: 'router', template_code: 'placeholder', data_file: files['templates/router.j2'], auto_sync_enabled: true });
    expect(template).toMatchObject({ data_path: 'templates/router.j2', template_code: ROUTER, data_source: { id: source.id } });
    const site = await call('POST', '/api/dcim/sites/', { name: 'Lab', slug: 'lab' });
    const ntp = await call('POST', '/api/extras/config-contexts/', { name: 'ntp', data: {}, data_file: files['contexts/ntp.yaml'] });
    expect(ntp.data).toEqual({ ntp: { servers: ['10.0.0.1', '10.0.0.2'] } });
    const siteContext = await call('POST', '/api/extras/config-contexts/', { name: 'lab', weight: 2000, sites: [site.id], data: {}, data_file: files['contexts/site.json'] });
    expect(siteContext.data).toEqual({ syslog: '10.1.1.1' });

    const maker = await call('POST', '/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await call('POST', '/api/dcim/device-types/', { manufacturer: maker.id, model: 'R1', slug: 'r1' });
    const role = await call('POST', '/api/dcim/device-roles/', { name: 'Router', slug: 'router', config_template: template.id });
    const device = await call('POST', '/api/dcim/devices/', { name: 'edge1', device_type: type.id, role: role.id, site: site.id });
    await call('POST', '/api/dcim/interfaces/', [{ device: device.id, name: 'eth0', type: '1000base-t' }, { device: device.id, name: 'eth1', type: '1000base-t' }]);
    expect((await call('GET', `/api/dcim/devices/${device.id}/`)).config_context).toEqual({ ntp: { servers: ['10.0.0.1', '10.0.0.2'] }, syslog: '10.1.1.1' });
    expect(await rendered(device.id)).toBe('! managed from git\nhostname edge1\nntp server 10.0.0.1\nntp server 10.0.0.2\ninterface eth0\ninterface eth1\nlogging host 10.1.1.1');

    // (Jinja2 drops a template's one trailing newline: keep_trailing_newline is off.)
    // A commit changes the banner (an included file), the template and a context.
    await repo.commit({
      'templates/banner.j2': '! managed from git, v2\n',
      'templates/router.j2': ROUTER.replace('hostname', 'host-name'),
      'contexts/ntp.yaml': 'ntp:\n  servers: [10.0.0.3]\n',
    }, 'second');
    expect(await synced(source.id)).toBe('completed');
    // The template follows its file by itself (auto_sync_enabled); the context when asked to.
    expect((await call('GET', `/api/extras/config-templates/${template.id}/`)).template_code).toContain('host-name');
    expect((await call('GET', `/api/extras/config-contexts/${ntp.id}/`)).data).toEqual({ ntp: { servers: ['10.0.0.1', '10.0.0.2'] } });
    expect((await call('POST', `/api/extras/config-contexts/${ntp.id}/sync/`)).data).toEqual({ ntp: { servers: ['10.0.0.3'] } });
    expect(await rendered(device.id)).toBe('! managed from git, v2\nhost-name edge1\nntp server 10.0.0.3\ninterface eth0\ninterface eth1\nlogging host 10.1.1.1');

    // Every sync is in the change log: the template's automatic one included.
    const changes = (await call('GET', `/api/core/object-changes/?changed_object_type=extras.configtemplate&changed_object_id=${template.id}`)).results as any[];
    expect(changes.map((change) => change.action.value)).toEqual(['update', 'create']);
  }, 120_000);
});
