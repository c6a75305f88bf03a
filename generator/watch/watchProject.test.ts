/**
 * @module
 * The watch loop for real, in-process, on a throwaway copy of the small definition set: every way
 * an editor or a shell changes a file — in place, by rename over the original, delete and
 * re-create of a file and of a folder, a broken save and its fix — is followed by the generation
 * it should cause, seen in generated/. Each step waits for its log line (with a timeout), never
 * for a fixed time.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run } from '../cli.ts';
import { repositoryRoot, smallDefinitions, tempProjectFrom, type TempProject } from '../testdata/definitionSet.ts';
import { watchProject, type ProjectWatch } from './watchProject.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A watched copy of the small set, its log, and a way to wait for the next matching line. */
async function watched() {
  const project: TempProject = tempProjectFrom(smallDefinitions);
  cleanups.push(() => project.remove());
  const lines: string[] = [];
  const waiters: { pattern: RegExp; from: number; resolve: (line: string) => void }[] = [];
  const log = (text: string) => {
    for (const line of text.split('\n')) {
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.pattern.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  };
  const watch: ProjectWatch = watchProject(project.paths, (stages) => run(project.paths, 'write', log, undefined, stages), { log, debounceMs: 30 });
  cleanups.push(() => watch.close());
  await watch.ready;
  /** Runs `change`, then resolves with the first log line after it matching `pattern`. */
  const after = (change: () => void, pattern: RegExp, timeoutMs = 20_000): Promise<string> => {
    const from = lines.length;
    const seen = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; log since the change:\n${lines.slice(from).join('\n')}`)), timeoutMs);
      waiters.push({ pattern, from, resolve: (line) => (clearTimeout(timer), resolve(line)) });
    });
    change();
    return seen;
  };
  const generated = (path: string) => readFileSync(join(project.paths.generated, path), 'utf8');
  return { project, lines, after, generated };
}

const library = 'definitions/library.yaml';
const GENERATED = /^generated \d+ files \(\d+ new, \d+ changed, \d+ deleted\) in \d+ ms$/;

describe('npm run generate -- --watch', { timeout: 60_000 }, () => {
  it('generates at start, then after an in-place write, with one line per run', async () => {
    const { project, lines, after, generated } = await watched();
    expect(lines.filter((l) => GENERATED.test(l))).toHaveLength(1);
    expect(lines).toContain('watching definitions/, templates/ (and specs/ once it exists) …');
    const text = readFileSync(join(project.root, library), 'utf8');
    const line = await after(() => project.write(library, text.replace('label: ISBN', 'label: Book number')), GENERATED);
    expect(line).toMatch(/\(0 new, [1-9]\d* changed, 0 deleted\)/);
    expect(generated('inventory/resources.json')).toContain('Book number');
  });

  it('hears a save made right after a run, however soon (chokidar alone drops a change within 50 ms of the last)', async () => {
    const { project, after, generated } = await watched();
    const text = readFileSync(join(project.root, library), 'utf8');
    // Each save is made the moment the previous run's line is printed.
    for (const label of ['Quick one', 'Quick two', 'Quick three', 'Quick four']) {
      await after(() => project.write(library, text.replace('label: ISBN', `label: ${label}`)), GENERATED, 5_000);
      expect(generated('inventory/resources.json')).toContain(label);
    }
  });

  it('keeps hearing a file after a save that renames a temporary file over it (vim, JetBrains, sed -i)', async () => {
    const { project, after, generated } = await watched();
    const full = join(project.root, library);
    const text = readFileSync(full, 'utf8');
    const renameSave = (contents: string) => {
      writeFileSync(`${full}.tmp`, contents);
      renameSync(`${full}.tmp`, full);
    };
    await after(() => renameSave(text.replace('label: ISBN', 'label: First label')), GENERATED);
    expect(generated('inventory/resources.json')).toContain('First label');
    // The original inode is gone: a watcher attached to it would hear nothing from here on.
    await after(() => renameSave(text.replace('label: ISBN', 'label: Second label')), GENERATED);
    expect(generated('inventory/resources.json')).toContain('Second label');
    await after(() => project.write(library, text.replace('label: ISBN', 'label: Third label')), GENERATED);
    expect(generated('inventory/resources.json')).toContain('Third label');
  });

  it('prints the positioned errors of a broken save, writes nothing, and regenerates on the fix', async () => {
    const { project, lines, after, generated } = await watched();
    const text = readFileSync(join(project.root, library), 'utf8');
    const before = generated('inventory/resources.json');
    const from = lines.length;
    await after(() => project.write(library, text.replace('label: ISBN', 'label: [ISBN')), /error\(s\); nothing was written\.$/);
    expect(lines.slice(from).some((l) => /^definitions\/library\.yaml:\d+:\d+ E_\w+ /.test(l))).toBe(true);
    expect(generated('inventory/resources.json')).toBe(before);
    await after(() => project.write(library, text.replace('label: ISBN', 'label: Fixed')), GENERATED);
    expect(generated('inventory/resources.json')).toContain('Fixed');
  });

  it('follows a file deleted and created again', async () => {
    const { project, after, generated } = await watched();
    const text = readFileSync(join(project.root, 'definitions/choices.yaml'), 'utf8');
    // Without the choice sets the definitions are wrong: diagnostics, nothing written.
    await after(() => project.write('definitions/choices.yaml', null), /E_UNKNOWN_CHOICES/);
    await after(() => project.write('definitions/choices.yaml', text.replace('[ ebook, E-book ]', '[ ebook, Electronic ]')), GENERATED);
    expect(generated('inventory/openapi.json')).toContain('Electronic');
  });

  it('follows folders deleted and created again: an app folder in definitions/, and templates/ itself', async () => {
    const { project, after, generated } = await watched();
    const group = ['group: shelf-tools', 'base_path: plugins/shelf-tools/', 'resource: library.shelves', 'operations:', '  - { handler: shelf-report, method: GET, path: report/, summary: SUMMARY }', ''].join('\n');
    const groupFile = join(project.paths.definitions, 'plugins/shelf-tools.yaml');
    const createGroup = (summary: string) => {
      mkdirSync(join(project.paths.definitions, 'plugins'), { recursive: true });
      writeFileSync(groupFile, group.replace('SUMMARY', summary));
    };
    await after(() => createGroup('First report'), GENERATED);
    expect(generated('inventory/openapi.json')).toContain('First report');
    await after(() => rmSync(join(project.paths.definitions, 'plugins'), { recursive: true }), GENERATED);
    expect(generated('inventory/openapi.json')).not.toContain('First report');
    await after(() => createGroup('Second report'), GENERATED);
    expect(generated('inventory/openapi.json')).toContain('Second report');

    // Without templates/ a run fails and says so; the watch goes on and hears the folder come back.
    await after(() => rmSync(project.paths.templates, { recursive: true }), /generation failed|error/);
    await after(() => {
      cpSync(join(repositoryRoot, 'templates'), project.paths.templates, { recursive: true });
      const header = join(project.paths.templates, 'ts-header.hbs');
      writeFileSync(header, readFileSync(header, 'utf8').replace('Do not edit', 'Never edit'));
    }, GENERATED);
    expect(generated('inventory/schema.ts')).toContain('Never edit');
  });
});
