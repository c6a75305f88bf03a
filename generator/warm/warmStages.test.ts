/**
 * @module
 * The warm stages of generate --watch give exactly what a cold run gives after every kind of
 * change (a definition, a template, a spec, the table specs), and really keep what did not
 * change: an emitter whose input is the same returns its previous files, not equal new ones.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../emit/types.ts';
import { SCHEMA_FILE } from '../load/readPreviousMigrations.ts';
import { coldStages, type PipelineStages } from '../pipeline.ts';
import { repositoryRoot, smallDefinitions, tempProjectFrom, type TempProject } from '../testdata/definitionSet.ts';
import { applyWrite, planWrite } from '../write/writeGenerated.ts';
import { warmStages } from './warmStages.ts';

const projects: TempProject[] = [];
afterEach(() => projects.splice(0).forEach((p) => p.remove()));

function generate(project: TempProject, stages: PipelineStages): GeneratedFile[] {
  const files = stages.emitAll(project.paths, stages.buildProjectIR(project.paths));
  applyWrite(project.paths.generated, files, planWrite(project.paths.generated, files));
  return files;
}

const byPath = (files: GeneratedFile[], path: string) => files.find((f) => f.path === path)!;

describe('warm pipeline stages', { timeout: 60_000 }, () => {
  it('match a cold run after each change, and keep the outputs whose inputs did not change', () => {
    const project = tempProjectFrom(smallDefinitions);
    projects.push(project);
    cpSync(join(repositoryRoot, 'specs/demo'), join(project.paths.specs, 'demo'), { recursive: true });
    const warm = warmStages();
    const library = readFileSync(join(project.paths.definitions, 'library.yaml'), 'utf8');
    const first = generate(project, warm);
    expect(first).toEqual(coldStages.emitAll(project.paths, coldStages.buildProjectIR(project.paths)));

    const steps: [string, () => void][] = [
      ['nothing', () => {}],
      ['a label', () => project.write('definitions/library.yaml', library.replace('label: ISBN', 'label: Book number'))],
      ['a template', () => project.write('templates/ts-header.hbs', readFileSync(join(project.paths.templates, 'ts-header.hbs'), 'utf8').replace('Do not edit', 'Never edit'))],
      ['a spec', () => project.write('specs/demo/demo-openapi.yaml', readFileSync(join(project.paths.specs, 'demo/demo-openapi.yaml'), 'utf8').replace(/summary: .*/, 'summary: A changed summary'))],
      ['a column (a new schema for the migrations)', () => project.write('definitions/library.yaml', library.replace('max_length: 13', 'max_length: 17'))],
      ['nothing after the column', () => {}],
    ];
    let previous = first;
    for (const [what, change] of steps) {
      change();
      const files = generate(project, warm);
      expect(files, what).toEqual(coldStages.emitAll(project.paths, coldStages.buildProjectIR(project.paths)));
      if (what === 'nothing' || what === 'a spec') {
        // Same inventory input: the very same file objects come back, nothing was re-emitted.
        expect(byPath(files, 'inventory/openapi.json'), what).toBe(byPath(previous, 'inventory/openapi.json'));
      }
      if (what === 'a column (a new schema for the migrations)') {
        expect(byPath(files, SCHEMA_FILE).contents).not.toBe(byPath(previous, SCHEMA_FILE).contents);
        expect(byPath(files, SCHEMA_FILE).contents).toContain('17');
      }
      if (what === 'a label') {
        expect(byPath(files, 'inventory/resources.json').contents).toContain('Book number');
        // The tables did not change: the schema emitter was not run again.
        expect(byPath(files, 'inventory/schema.ts')).toBe(byPath(previous, 'inventory/schema.ts'));
      }
      previous = files;
    }
  });
});
