/**
 * The migration defects of issue 19, reproduced through the CLI's `run` on throwaway copies of the
 * small definition set, each in its own git repository (folding compares with a commit):
 * a tried and reverted max_length leaves no migration; an untracked migration after
 * `git checkout generated/` fails the check by name; so do a deleted, an edited and a
 * twice-numbered migration; two uncommitted migrations fold into one.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run } from '../../cli.ts';
import { repositoryRoot, smallDefinitions, tempProjectFrom, type TempProject } from '../../testdata/definitionSet.ts';
import type { MigrationRequest } from './writeMigration.ts';

const projects: TempProject[] = [];
afterEach(() => projects.splice(0).forEach((p) => p.remove()));

interface Project extends TempProject {
  git(...args: string[]): string;
  /** A generate (`migration` set: `npm run migration`); exit status and stderr lines. */
  generate(migration?: MigrationRequest): { status: number; log: string[] };
  check(): { status: number; log: string[] };
  migrations(): string[];
  edit(path: string, from: string, to: string): void;
}

/** The small set in a git repository whose first commit holds its first migration. */
function gitProject(): Project {
  const project = tempProjectFrom(smallDefinitions);
  projects.push(project);
  const runLogged = (mode: 'write' | 'check', migration?: MigrationRequest) => {
    const log: string[] = [];
    const status = run(project.paths, mode, (line) => log.push(...line.split('\n')), migration);
    return { status, log };
  };
  const migrationsDir = join(project.paths.generated, 'inventory/migrations');
  const p: Project = {
    ...project,
    git: (...args) => execFileSync('git', ['-C', project.root, '-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], { encoding: 'utf8' }),
    generate: (migration) => runLogged('write', migration),
    check: () => runLogged('check'),
    migrations: () => (existsSync(migrationsDir) ? readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort() : []),
    edit: (path, from, to) => {
      const full = join(project.root, path);
      const text = readFileSync(full, 'utf8');
      expect(text).toContain(from);
      writeFileSync(full, text.replace(from, to));
    },
  };
  p.git('init', '-q');
  expect(p.generate({}).status).toBe(0);
  p.git('add', '-A');
  p.git('commit', '-qm', 'first');
  return p;
}

const TITLE = 'definitions/library.yaml';
const TITLE_100 = 'title: { type: string, max_length: 200,';
const TITLE_120 = 'title: { type: string, max_length: 120,';

describe('migrations through the CLI', { timeout: 240_000 }, () => {
  it('writes no migration on a generate, and none is left after trying max_length: 120 and back', () => {
    const p = gitProject();
    const [first] = p.migrations();
    expect(first).toMatch(/^0001_[0-9a-f]{8}\.sql$/);

    p.edit(TITLE, TITLE_100, TITLE_120);
    const plain = p.generate();
    expect(plain.status).toBe(0);
    expect(plain.log[0]).toBe("migration needed: the definitions' schema differs from what generated/inventory/migrations/ leads to; `npm run migration [-- name]` writes it");
    expect(p.migrations()).toEqual([first]);
    const stale = p.check();
    expect(stale.status).toBe(1);
    expect(stale.log[0]).toMatch(/^generated\/inventory\/migrations\/history\.json:1:1 E_MIGRATION_NEEDED the definitions' schema differs from what the migration history leads to \(column library_book\.title is varchar\(200\) NOT NULL in the history but varchar\(120\) NOT NULL in the definitions\); run `npm run migration` to write the migration$/);

    const tried = p.generate({ name: 'title length' });
    expect(tried.log[0]).toBe('wrote migration generated/inventory/migrations/0002_title_length.sql');
    expect(p.migrations()).toEqual([first, '0002_title_length.sql']);
    expect(readFileSync(join(p.paths.generated, 'inventory/migrations/0002_title_length.sql'), 'utf8')).toContain('ALTER TABLE "library_book" ALTER COLUMN "title" SET DATA TYPE varchar(120);');
    expect(p.check().status).toBe(0);

    p.edit(TITLE, TITLE_120, TITLE_100);
    const reverted = p.generate({});
    expect(reverted.log[0]).toBe("no migration needed: the definitions' schema is the one the committed history leads to (folded 0002_title_length.sql)");
    expect(p.migrations()).toEqual([first]);
    expect(p.git('status', '--porcelain')).toBe('');
    expect(p.check()).toEqual({ status: 0, log: [expect.stringMatching(/^generated\/ is current \(\d+ files\)\.$/)] });
  });

  it('fails the check by name on a migration left untracked by `git checkout generated/`, and on a second one with its number', () => {
    const p = gitProject();
    p.edit(TITLE, TITLE_100, TITLE_120);
    p.generate({});
    const [, second] = p.migrations();
    p.git('checkout', '--', 'generated/');
    expect(p.migrations()).toContain(second);
    expect(p.generate().log.slice(0, 2)).toEqual([
      "migration needed: the definitions' schema differs from what generated/inventory/migrations/ leads to; `npm run migration [-- name]` writes it",
      'the migration history has 1 problem(s) that `npm run generate -- --check` lists with their fixes',
    ]);
    expect(p.migrations()).toHaveLength(2);
    const check = p.check();
    expect(check.status).toBe(1);
    expect(check.log).toContain(`generated/inventory/migrations/${second}:1:1 E_MIGRATION_HISTORY ${second} is not recorded in history.json (left over from an undone change, or added by hand); delete it, or run \`npm run migration\` to fold it into the next migration`);
    expect(check.log.at(-1)).toMatch(/^\d+ error\(s\); nothing was written\.$/);

    // What a generate used to do next: a second 0002 beside the untracked one.
    writeFileSync(join(p.paths.generated, 'inventory/migrations/0002_again.sql'), readFileSync(join(p.paths.generated, 'inventory/migrations', second), 'utf8'));
    const duplicate = p.check();
    expect(duplicate.status).toBe(1);
    expect(duplicate.log).toContain(`generated/inventory/migrations/0002_again.sql:1:1 E_MIGRATION_HISTORY migration number 0002 is used twice (also ${second}); delete the file history.json does not record, or run \`npm run migration\` to fold the uncommitted ones into one`);

    // A history that would fail at boot fails the check where the server would: the statement.
    const [first] = p.migrations();
    writeFileSync(join(p.paths.generated, 'inventory/migrations/0003_copy.sql'), readFileSync(join(p.paths.generated, 'inventory/migrations', first), 'utf8'));
    const replay = p.check();
    expect(replay.log).toContainEqual(expect.stringMatching(/^generated\/inventory\/migrations\/0003_copy\.sql:4:1 E_MIGRATION_REPLAY relation "library_\w+" already exists; the history cannot be applied to an empty database/));
    rmSync(join(p.paths.generated, 'inventory/migrations/0003_copy.sql'));

    // The fix the messages name: the next migration folds both away into one.
    const fixed = p.generate({});
    expect(fixed.log[0]).toMatch(/^wrote migration generated\/inventory\/migrations\/0002_[0-9a-f]{8}\.sql \(folded 0002_/);
    expect(p.migrations()).toHaveLength(2);
    expect(p.check().status).toBe(0);
  });

  it('fails the check when the creating migration is deleted, with or without its history entry', () => {
    const p = gitProject();
    const [first] = p.migrations();
    rmSync(join(p.paths.generated, 'inventory/migrations', first));
    const missing = p.check();
    expect(missing.status).toBe(1);
    expect(missing.log).toContain(`generated/inventory/migrations/history.json:5:1 E_MIGRATION_HISTORY history.json records ${first}, which does not exist; restore it from version control (\`git checkout -- generated/inventory/migrations/${first}\`)`);

    // Even a lock rewritten to match cannot hide it: the replayed history has no tables.
    p.edit('generated/inventory/migrations/history.json', /\n {4}\{ "file": "0001_[^\n]*\n/.exec(readFileSync(join(p.paths.generated, 'inventory/migrations/history.json'), 'utf8'))![0], '\n');
    const replayed = p.check();
    expect(replayed.status).toBe(1);
    expect(replayed.log.some((l) => /^generated\/inventory\/migrations\/history\.json:1:1 E_MIGRATION_NEEDED .*table library_book is in the definitions but not in the history/.test(l))).toBe(true);
  });

  it('fails the check on an edited migration, naming it and the fix', () => {
    const p = gitProject();
    const [first] = p.migrations();
    p.edit(`generated/inventory/migrations/${first}`, '"title" varchar(200) NOT NULL', '"title" varchar(250) NOT NULL');
    const check = p.check();
    expect(check.status).toBe(1);
    expect(check.log[0]).toBe(`generated/inventory/migrations/${first}:1:1 E_MIGRATION_HISTORY ${first} was edited after it was recorded (its sha256 no longer matches history.json); migrations are history: restore it (\`git checkout -- generated/inventory/migrations/${first}\`) and change the definitions instead, then run \`npm run migration\``);
    // The next migration is refused too, rather than written on top of an edited history.
    p.edit(TITLE, TITLE_100, TITLE_120);
    const refused = p.generate({});
    expect(refused.status).toBe(1);
    expect(refused.log[0]).toMatch(new RegExp(`^generated/inventory/migrations/${first}:1:1 E_MIGRATION_HISTORY ${first} is committed but was edited`));
  });

  it('folds two uncommitted migrations into one (--base names the commit they start from)', () => {
    const p = gitProject();
    const [first] = p.migrations();
    p.edit(TITLE, TITLE_100, TITLE_120);
    p.generate({ name: 'title' });
    p.git('add', '-A');
    p.git('commit', '-qm', 'title');
    p.edit('definitions/library.yaml', 'isbn: { type: string, max_length: 13,', 'isbn: { type: string, max_length: 17,');
    p.generate({ name: 'isbn' });
    expect(p.migrations()).toEqual([first, '0002_title.sql', '0003_isbn.sql']);

    const folded = p.generate({ name: 'title and isbn', base: 'HEAD~1' });
    expect(folded.log[0]).toBe('wrote migration generated/inventory/migrations/0002_title_and_isbn.sql (folded 0002_title.sql, 0003_isbn.sql)');
    expect(p.migrations()).toEqual([first, '0002_title_and_isbn.sql']);
    const sql = readFileSync(join(p.paths.generated, 'inventory/migrations/0002_title_and_isbn.sql'), 'utf8');
    expect(sql).toContain('"title" SET DATA TYPE varchar(120)');
    expect(sql).toContain('"isbn" SET DATA TYPE varchar(17)');
    expect(p.check().status).toBe(0);
  });

  it('takes `--migration NAME` (what `npm run migration -- NAME` passes) from the command line', () => {
    const p = gitProject();
    p.edit(TITLE, TITLE_100, TITLE_120);
    const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(repositoryRoot, 'generator/cli.ts'), ...args], { cwd: repositoryRoot, encoding: 'utf8' });
    const written = cli('--root', p.root, '--migration', 'Title length');
    expect(written.status).toBe(0);
    expect(written.stderr).toContain('wrote migration generated/inventory/migrations/0002_title_length.sql\n');
    const check = cli('--check', '--root', p.root);
    expect(check.stderr).toMatch(/generated\/ is current/);
    expect(check.status).toBe(0);
  });
});
