/**
 * definitions/README.md's walkthroughs, followed as written on a scratch copy of the repository (a
 * git work tree of its own, as a contributor's clone is). "Add a resource": every NetBox resource is
 * served, so the walkthrough retraces one — the scratch copy first loses its definition and, by a
 * committed migration, its table; then the YAML block is written to the file its first line names,
 * every `npm run` line of the first shell block runs and
 * must succeed, and the server started from the copy serves the new resource as the walkthrough's
 * curl example and NetBox do. "Add a field kind": its modules are written where their first lines
 * say, registered as it says, its unit test and the type-check pass, and the field it adds to the
 * resource validates, stores and filters through the API.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, SUPERUSER_ENV, SUPERUSER_HEADERS, type ServerProcess } from '../runtime/testing/serverProcess.ts';

const repository = fileURLToPath(new URL('../', import.meta.url));
const guide = readFileSync(join(repository, 'definitions', 'README.md'), 'utf8');
/** A walkthrough: from its heading to the next one of its level. */
const sectionOf = (heading: string) => new RegExp(`^## ${heading}\\n([\\s\\S]*?)(?=^## )`, 'm').exec(guide)?.[1] ?? '';
const blocksOf = (section: string, language: string) => [...section.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);
const section = sectionOf('Add a resource');
const blocks = (language: string) => blocksOf(section, language);

const scratch = mkdtempSync(join(tmpdir(), 'nb-guide-'));
const project = join(scratch, 'project');

/** The repository's committed files, node_modules linked, in a git repository of its own. */
function copyRepository(): void {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: repository, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(project, file)), { recursive: true });
    copyFileSync(join(repository, file), join(project, file));
  }
  symlinkSync(join(repository, 'node_modules'), join(project, 'node_modules'), 'dir');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: project, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=guide', '-c', 'user.email=guide@example.invalid', 'commit', '-q', '-m', 'scratch copy');
}

let server: ServerProcess | undefined;

// NetBox's JSON, asserted field by field.
type Json = any;
/** Starts the server from the scratch copy on its data directory; a client of it. */
async function serve() {
  server = await startServerProcess(['--data-dir', join(scratch, 'data')], SUPERUSER_ENV, '/api/', join(project, 'runtime', 'server', 'main.ts'));
  const baseUrl = server.baseUrl;
  return async (method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> => {
    const response = await fetch(`${baseUrl}${path}`, { method, headers: SUPERUSER_HEADERS, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: response.status === 204 ? null : await response.json() };
  };
}
beforeAll(copyRepository, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('definitions/README.md: Add a resource', () => {
  it('walks through a resource removed from the scratch copy first', () => {
    const [yaml] = blocks('yaml');
    const path = /^# (definitions\/\S+\.yaml)$/m.exec(yaml)?.[1];
    expect(path, 'the YAML block starts with the file it goes to').toBeDefined();
    const app = /^app: ([a-z]+)$/m.exec(yaml)?.[1];
    const resource = /^ {2}([a-z-]+):$/m.exec(yaml)?.[1];
    // The repository serves it as the walkthrough ends: its definition is taken out of the copy, and
    // its table dropped by a committed migration, so that the walkthrough starts from nothing.
    const folder = join(project, 'definitions', app!);
    const holder = readdirSync(folder).map((file) => join(folder, file)).find((file) => new RegExp(`^  ${resource}:$`, 'm').test(readFileSync(file, 'utf8')));
    expect(holder, `a definition of ${app}.${resource} in definitions/${app}/`).toBeDefined();
    const text = readFileSync(holder!, 'utf8');
    const start = text.search(new RegExp(`^(  #.*\\n)*  ${resource}:$`, 'm'));
    const next = text.slice(start).search(/\n\n {2}(#|[a-z])/);
    const stripped = next < 0 ? text.slice(0, start) : text.slice(0, start) + text.slice(start + next + 2);
    if (/^ {2}[a-z-]+:$/m.test(stripped)) writeFileSync(holder!, stripped);
    else rmSync(holder!);
    const run = spawnSync('npm', ['run', 'migration', '--', 'before_walkthrough'], { cwd: project, encoding: 'utf8', env: { ...process.env, NETBOX_REFERENCE: '' } });
    expect(run.status, run.stderr).toBe(0);
    execFileSync('git', ['add', '-A'], { cwd: project });
    execFileSync('git', ['-c', 'user.name=guide', '-c', 'user.email=guide@example.invalid', 'commit', '-q', '-m', 'without the walkthrough resource'], { cwd: project });
    const served = readFileSync(join(project, 'generated', 'inventory', 'routes.json'), 'utf8');
    expect(served.includes(`/api/${app}/${resource}/`), `${app}.${resource} is still served by the scratch copy`).toBe(false);
    mkdirSync(dirname(join(project, path!)), { recursive: true });
    writeFileSync(join(project, path!), yaml);
  }, 120_000);

  it("runs the walkthrough's commands, each succeeding", () => {
    const commands = blocks('sh')[0].split('\n').map((line) => line.replace(/#.*$/, '').trim()).filter(Boolean);
    expect(commands.length).toBeGreaterThanOrEqual(4);
    for (const command of commands) {
      const [npm, ...args] = command.split(/\s+/);
      expect(npm).toBe('npm');
      const run = spawnSync('npm', args, { cwd: project, encoding: 'utf8', env: { ...process.env, NETBOX_REFERENCE: '' } });
      expect(run.status, `${command}\n${run.stderr}`).toBe(0);
    }
    const migrations = readdirSync(join(project, 'generated', 'inventory', 'migrations'));
    expect(migrations.filter((f) => f.endsWith('_saved_filters.sql'))).toHaveLength(1);
    // "Commit the definition with generated/": the migration is history from then on.
    execFileSync('git', ['add', '-A'], { cwd: project });
    execFileSync('git', ['-c', 'user.name=guide', '-c', 'user.email=guide@example.invalid', 'commit', '-q', '-m', 'saved filters'], { cwd: project });
  }, 300_000);

  it('serves the resource as NetBox does', async () => {
    const call = await serve();
    // The walkthrough's own example request.
    const example = /-d '(\{.*\})'/.exec(blocks('sh')[1] ?? '')?.[1];
    const created = await call('POST', '/api/extras/saved-filters/', JSON.parse(example!));
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual([
      'id', 'url', 'display_url', 'display', 'object_types', 'name', 'slug', 'description', 'user', 'weight', 'enabled', 'shared', 'parameters', 'owner', 'created', 'last_updated',
    ]);
    expect(created.body).toMatchObject({ display: 'Active sites', slug: 'active-sites', object_types: ['dcim.site'], parameters: { status: ['active'] }, weight: 100, enabled: true, shared: true, user: null });
    const brief = await call('GET', '/api/extras/saved-filters/?brief=true&q=active');
    expect(brief.body.results).toEqual([{ id: created.body.id, url: created.body.url, display: 'Active sites', name: 'Active sites', slug: 'active-sites', description: '' }]);
    const twice = await call('POST', '/api/extras/saved-filters/', { name: 'Active sites', slug: 'active-sites-2', object_types: ['dcim.site'], parameters: {} });
    expect(twice).toEqual({ status: 400, body: { name: ['saved filter with this name already exists.'] } });
    expect((await call('GET', '/api/extras/saved-filters/?object_type=dcim.site')).body.count).toBe(1);
    // The app's root lists it.
    expect((await call('GET', '/api/extras/')).body).toMatchObject({ 'saved-filters': expect.stringMatching(/\/api\/extras\/saved-filters\/$/) });
    await server!.stop();
  }, 180_000);
});

describe('definitions/README.md: Add a field kind', () => {
  const kindSection = sectionOf('Add a field kind');
  const fileOf = (block: string) => /^\/\/ (\S+\.ts)\n/.exec(block)?.[1];

  it('writes and registers the kind, whose own test and the type-check pass', () => {
    const modules = blocksOf(kindSection, 'ts');
    const registry = join(project, 'runtime', 'kinds', 'fields', 'index.ts');
    for (const block of modules) {
      const path = fileOf(block);
      expect(path, 'each TypeScript block starts with the file it goes to').toBeDefined();
      if (path === 'runtime/kinds/fields/index.ts') {
        // "import it, and add it to the list `all`"
        const source = readFileSync(registry, 'utf8');
        const lastImport = source.lastIndexOf('\nimport ');
        const afterImports = source.indexOf('\n', lastImport + 1) + 1;
        const registered = `${source.slice(0, afterImports)}${block.split('\n')[1]}\n${source.slice(afterImports)}`.replace(/(const all: FieldKind\[\] = \[[\s\S]*?)\n\];/, '$1\n  fqdn,\n];');
        expect(registered).toContain('  fqdn,\n];');
        writeFileSync(registry, registered);
      } else writeFileSync(join(project, path!), block);
    }
    const use = /`(dns_name: \{ type: fqdn[^`]*\})`/.exec(kindSection)?.[1];
    expect(use, 'the walkthrough shows the field it adds').toBeDefined();
    const definition = join(project, 'definitions', 'extras', 'saved-filters.yaml');
    writeFileSync(definition, readFileSync(definition, 'utf8').replace(/^( {6}name:.*\n)/m, `$1      ${use}\n`));
    const steps: [string, string[]][] = [
      ['npx', ['vitest', 'run', '--config', 'runtime/testing/vitest.config.ts', 'runtime/kinds/fields/fqdn.test.ts']],
      ['npm', ['run', 'generate']],
      ['npm', ['run', 'migration', '--', 'dns_name']],
      ['npm', ['run', 'generate', '--', '--check']],
      ['npx', ['tsc', '--noEmit']],
    ];
    for (const [command, args] of steps) {
      const run = spawnSync(command, args, { cwd: project, encoding: 'utf8' });
      expect(run.status, `${command} ${args.join(' ')}\n${run.stdout}\n${run.stderr}`).toBe(0);
    }
  }, 400_000);

  it('validates, stores and filters the new field through the API', async () => {
    const call = await serve();
    const base = { object_types: ['dcim.site'], parameters: {} };
    const refused = await call('POST', '/api/extras/saved-filters/', { ...base, name: 'Wave', slug: 'wave', dns_name: 'wave-.example.net' });
    expect(refused).toEqual({ status: 400, body: { dns_name: ['Enter a valid fully qualified domain name.'] } });
    const created = await call('POST', '/api/extras/saved-filters/', { ...base, name: 'Wave', slug: 'wave', dns_name: 'wave.example.net' });
    expect(created.status).toBe(201);
    expect(created.body.dns_name).toBe('wave.example.net');
    const found = await call('GET', '/api/extras/saved-filters/?dns_name__ic=wave');
    expect(found.body.results.map((p: { name: string }) => p.name)).toEqual(['Wave']);
  }, 180_000);
});
