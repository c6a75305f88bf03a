/**
 * @module
 * The CLI's contract: a write run then `--check` is current; a changed, missing or extra file in
 * generated/ makes `--check` exit 1 naming it and the fixing command, without writing; a write run
 * deletes orphans and leaves identical files alone; definitions with errors exit 1 with every
 * diagnostic and nothing written. Most cases call `run` in-process on a throwaway copy of the
 * small definition set; a few spawn the real CLI with `--root` to check exit codes and stderr.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run } from './cli.ts';
import { buildProjectIR, projectPaths } from './pipeline.ts';
import { baseDefinitions, repositoryRoot, smallDefinitions, tempProject, tempProjectFrom, type TempProject } from './testdata/definitionSet.ts';

const projects: TempProject[] = [];
afterEach(() => projects.splice(0).forEach((p) => p.remove()));

function smallProject(): TempProject {
  const project = tempProjectFrom(smallDefinitions);
  projects.push(project);
  return project;
}

/** A run; 'migration' is a write run that also writes the migration (`npm run migration`). */
function runLogged(project: TempProject, mode: 'write' | 'check' | 'migration'): { status: number; log: string[] } {
  const log: string[] = [];
  const status = run(project.paths, mode === 'check' ? 'check' : 'write', (line) => log.push(...line.split('\n')), mode === 'migration' ? {} : undefined);
  return { status, log };
}

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, prefix: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full, `${prefix}${name}/`);
      else out[prefix + name] = readFileSync(full, 'utf8');
    }
  };
  if (existsSync(dir)) walk(dir, '');
  return out;
}

/** Runs the real CLI (`node --import tsx generator/cli.ts ...`), as `npm run generate` does. */
function spawnCli(args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(repositoryRoot, 'generator/cli.ts'), ...args], { cwd: repositoryRoot, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('generate and --check (in-process)', () => {
  it('writes generated/, then a check finds it current and a second run writes nothing', () => {
    const project = smallProject();
    const first = runLogged(project, 'migration');
    expect(first.status).toBe(0);
    const written = snapshot(project.paths.generated);
    expect(Object.keys(written)).toContain('inventory/resources.json');
    expect(first.log[0]).toMatch(/^wrote migration generated\/inventory\/migrations\/0001_[0-9a-f]{8}\.sql$/);
    expect(first.log[1]).toMatch(new RegExp(`^generated ${Object.keys(written).length} files \\(${Object.keys(written).length} new, 0 changed, 0 deleted\\) in \\d+ ms$`));

    const check = runLogged(project, 'check');
    expect(check).toEqual({ status: 0, log: [`generated/ is current (${Object.keys(written).length} files).`] });

    const past = new Date('2020-01-01T00:00:00Z');
    for (const path of Object.keys(written)) utimesSync(join(project.paths.generated, path), past, past);
    const second = runLogged(project, 'write');
    expect(second.status).toBe(0);
    expect(second.log[0]).toContain('(0 new, 0 changed, 0 deleted)');
    expect(snapshot(project.paths.generated)).toEqual(written);
    for (const path of Object.keys(written)) expect(statSync(join(project.paths.generated, path)).mtime, path).toEqual(past);
  });

  it('gives identical files from two separate projects with the same definitions', () => {
    const a = smallProject();
    const b = smallProject();
    expect(runLogged(a, 'migration').status).toBe(0);
    expect(runLogged(b, 'migration').status).toBe(0);
    expect(snapshot(b.paths.generated)).toEqual(snapshot(a.paths.generated));
  });

  it('fails a check on a changed, a missing and an orphaned file, naming each and the fix, writing nothing', () => {
    const project = smallProject();
    runLogged(project, 'migration');
    const resources = join(project.paths.generated, 'inventory/resources.json');
    writeFileSync(resources, `${readFileSync(resources, 'utf8')}// edited by hand\n`);
    project.write('generated/inventory/notes.txt', 'stray\n');
    const before = snapshot(project.paths.generated);
    // Any emitted file but the migrations, whose emitter rightly refuses a history with a hole.
    const victim = Object.keys(before).find((p) => !p.startsWith('inventory/migrations/') && p !== 'inventory/resources.json' && p !== 'inventory/notes.txt')!;
    project.write(`generated/${victim}`, null);

    const check = runLogged(project, 'check');
    expect(check.status).toBe(1);
    expect(check.log).toEqual([
      `missing:  generated/${victim}`,
      'changed:  generated/inventory/resources.json',
      'orphaned: generated/inventory/notes.txt',
      '',
      'generated/ is out of date. Run `npm run generate` and commit the result.',
    ]);
    const { [victim]: _deleted, ...rest } = before;
    expect(snapshot(project.paths.generated)).toEqual(rest);
  });

  it('deletes orphans on a write run and restores changed files', () => {
    const project = smallProject();
    runLogged(project, 'migration');
    const clean = snapshot(project.paths.generated);
    project.write('generated/inventory/old/leftover.ts', 'export {};\n');
    project.write('generated/inventory/resources.json', '{}\n');
    const result = runLogged(project, 'write');
    expect(result.log[0]).toContain('(0 new, 1 changed, 1 deleted)');
    expect(snapshot(project.paths.generated)).toEqual(clean);
    expect(existsSync(join(project.paths.generated, 'inventory/old'))).toBe(false);
  });

  it('exits 1 on definition errors, prints them all, and writes nothing', () => {
    const project = tempProject({ ...baseDefinitions, 'shop.yaml': baseDefinitions['shop.yaml'].replace('target: shop.shelves', 'target: shop.nowhere').replace('choices: StatusChoices', 'choices: Nope') });
    projects.push(project);
    const result = runLogged(project, 'write');
    expect(result).toEqual({
      status: 1,
      log: [
        'definitions/shop.yaml:8:40 E_UNKNOWN_CHOICES shop.shelves.status: unknown choice set "Nope"',
        'definitions/shop.yaml:13:34 E_UNKNOWN_TARGET shop.books.shelf: unknown fk target "shop.nowhere"',
        '',
        '2 error(s); nothing was written.',
      ],
    });
    expect(existsSync(project.paths.generated)).toBe(false);
  });

  it('exits 1 on a tab in a definition with one diagnostic at the tab, and writes nothing', () => {
    const project = tempProject({ ...baseDefinitions, 'shop.yaml': baseDefinitions['shop.yaml'].replace('    fields:\n      shelf:', '\tfields:\n      shelf:') });
    projects.push(project);
    expect(runLogged(project, 'write')).toEqual({
      status: 1,
      log: ['definitions/shop.yaml:12:1 E_YAML Tabs are not allowed as indentation; indent with spaces', '', '1 error(s); nothing was written.'],
    });
    expect(existsSync(project.paths.generated)).toBe(false);
  });

  it('exits 1 on two resources with one model with a positioned diagnostic, not an emitter\'s exception, and writes nothing', () => {
    const project = tempProject({ ...baseDefinitions, 'shop.yaml': `${baseDefinitions['shop.yaml']}  racks:\n    model: Shelf\n    mixins: [named]\n` });
    projects.push(project);
    expect(runLogged(project, 'write')).toEqual({
      status: 1,
      log: [
        'definitions/shop.yaml:16:12 E_DUPLICATE_NAME shop.racks: model "Shelf" is already the model of shop.shelves (definitions/shop.yaml:4); a model names the resource\'s OpenAPI components and object type, so each resource needs its own',
        '',
        '1 error(s); nothing was written.',
      ],
    });
    expect(existsSync(project.paths.generated)).toBe(false);
  });

  it('builds byte-identical IR JSON twice from the repository definitions', () => {
    const paths = projectPaths(repositoryRoot);
    const first = JSON.stringify(buildProjectIR(paths));
    expect(JSON.stringify(buildProjectIR(paths))).toBe(first);
    expect(first).toContain('"dcim.sites"');
  });
});

// Each spawn pays for starting tsx and loading every emitter (seconds on this 2-core machine), so
// only what needs a real process is checked here: exit codes, stderr, and the --root flag.
describe('generator/cli.ts as a process', { timeout: 60_000 }, () => {
  it('exits 1 with positioned diagnostics on stderr, nothing on stdout, and nothing written', () => {
    const project = tempProject({ ...baseDefinitions, 'shop.yaml': 'app: shop\nresources:\n  shelves:\n    modle: Shelf\n' });
    projects.push(project);
    const result = spawnCli(['--root', project.root]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    // One mistake, one line: the misspelt key with its suggestion, not also the missing `model`; no stack trace.
    expect(result.stderr).toBe('definitions/shop.yaml:4:5 E_UNKNOWN_KEY unknown key "modle" in resources.shelves; did you mean "model"?\n\n1 error(s); nothing was written.\n');
    expect(existsSync(project.paths.generated)).toBe(false);
  });

  it('exits 1 on --check after a generated file is edited, naming it and the fixing command', () => {
    const project = smallProject();
    expect(runLogged(project, 'migration').status).toBe(0);
    project.write('generated/inventory/resources.json', '// edited\n');
    const stale = spawnCli(['--check', `--root=${project.root}`]);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain('changed:  generated/inventory/resources.json\n');
    expect(stale.stderr).toContain('Run `npm run generate` and commit the result.');
    expect(readFileSync(join(project.paths.generated, 'inventory/resources.json'), 'utf8')).toBe('// edited\n');
  });

  it('exits 2 with a clear message on a --root that is not a project', () => {
    const result = spawnCli(['--root', join(repositoryRoot, 'generator/testdata/does-not-exist')]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/does-not-exist\/definitions does not exist; --root must name a project folder with definitions\/ and templates\/\.\n$/);
  });

  it('regenerates in --watch mode when a definition changes', async () => {
    const project = smallProject();
    const child = spawn(process.execPath, ['--import', 'tsx', join(repositoryRoot, 'generator/cli.ts'), '--watch', '--root', project.root], { cwd: repositoryRoot });
    let stderr = '';
    const waitFor = (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern} in:\n${stderr}`)), 45_000);
        const check = () => {
          if (pattern.test(stderr)) {
            clearTimeout(timer);
            child.stderr.off('data', onData);
            resolve();
          }
        };
        const onData = (chunk: Buffer) => {
          stderr += chunk.toString();
          check();
        };
        child.stderr.on('data', onData);
        check();
      });
    try {
      await waitFor(/watching definitions/);
      const before = readFileSync(join(project.paths.generated, 'inventory/resources.json'), 'utf8');
      const [file] = readdirSync(project.paths.definitions).filter((f) => !['choices.yaml', 'mixins.yaml'].includes(f));
      const text = readFileSync(join(project.paths.definitions, file), 'utf8');
      project.write(`definitions/${file}`, text.replace(/model: (\w+)/, 'model: $1\n    verbose_name: renamed thing'));
      await waitFor(/generated \d+ files \(0 new, [1-9]\d* changed/);
      const after = readFileSync(join(project.paths.generated, 'inventory/resources.json'), 'utf8');
      expect(after).not.toBe(before);
      expect(after).toContain('renamed thing');
    } finally {
      child.kill();
    }
  });
});
