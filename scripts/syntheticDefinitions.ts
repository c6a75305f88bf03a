/**
 * @module
 * Fixture builder for the generator's scaling benchmark: a project folder whose definitions are
 * the repository's, repeated `copies` times under renamed apps (`dcim`, `dcim1`, …), with every
 * relation retargeted to its own copy. 16 resources × 10 copies ≈ the ~165 resources of NetBox.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

const SHARED_FILES = new Set(['choices.yaml', 'mixins.yaml']);

export function syntheticProject(root: string, copies: number): { dir: string; resources: number } {
  const dir = mkdtempSync(join(tmpdir(), 'nb-synthetic-'));
  cpSync(join(root, 'templates'), join(dir, 'templates'), { recursive: true });
  mkdirSync(join(dir, 'definitions'));
  mkdirSync(join(dir, 'generated'));
  mkdirSync(join(dir, 'specs'));
  const appFiles = readdirSync(join(root, 'definitions')).filter((f) => f.endsWith('.yaml') && !SHARED_FILES.has(f));
  const apps = appFiles.map((f) => (parse(readFileSync(join(root, 'definitions', f), 'utf8')) as { app: string }).app);
  let resources = 0;
  for (const name of readdirSync(join(root, 'definitions')).filter((f) => SHARED_FILES.has(f))) cpSync(join(root, 'definitions', name), join(dir, 'definitions', name));
  for (let copy = 0; copy < copies; copy++) {
    const suffix = copy === 0 ? '' : 'abcdefghijklmnopqrstuvwxyz'[copy - 1]; // app names are letters only
    for (const file of appFiles) {
      let text = readFileSync(join(root, 'definitions', file), 'utf8');
      // Point `app:` and every `<app>.<path>` target at this copy's apps.
      const pattern = new RegExp(`\\b(app: |target: )(${apps.join('|')})\\b`, 'g');
      text = text.replace(pattern, (_, key: string, app: string) => `${key}${app}${suffix}`);
      // Model names become component and table names, which must stay unique too.
      text = text.replace(/\bmodel: ([A-Za-z]+)/g, (_, model: string) => `model: ${model}${suffix.toUpperCase()}`);
      const parsed = parse(text) as { resources: Record<string, unknown> };
      resources += Object.keys(parsed.resources).length;
      writeFileSync(join(dir, 'definitions', file.replace('.yaml', `${suffix}.yaml`)), text);
    }
  }
  return { dir, resources };
}
