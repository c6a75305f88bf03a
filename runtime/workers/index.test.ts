/**
 * Work off the server's thread: results and errors come back as the function gave them, the
 * server's thread goes on meanwhile, and every module run there is compiled into dist/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../rest/index.ts';
import { offThread } from './index.ts';

const sample = new URL('../testing/workerSample.ts', import.meta.url);
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('offThread', () => {
  it('returns what the function returns, Maps included, while the server thread goes on', async () => {
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 10);
    const result = await offThread<{ spun: number; map: Map<string, number> }>(sample, 'spin', 400);
    clearInterval(ticking);
    expect(result.map.get('spun')).toBe(result.spun);
    expect(ticks).toBeGreaterThan(10);
  });

  it('gives an ApiError back as the same answer, and other errors by name and message', async () => {
    const refused = await offThread(sample, 'refuse', 'no').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, body: { yaml: ['no'] } });
    const broken = await offThread(sample, 'crash').catch((error: unknown) => error as Error);
    expect(broken).toMatchObject({ name: 'TypeError', message: 'crashed' });
  });

  it('runs only modules the build compiles into dist/', () => {
    const built = (JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')) as { files: string[] }).files;
    const callers = readdirSync(join(root, 'runtime'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    for (const file of callers) {
      const text = readFileSync(join(root, 'runtime', file), 'utf8');
      for (const [, name] of text.matchAll(/moduleBeside\(import\.meta\.url, '([^']+)'\)/g)) {
        const target = relative(root, join(root, 'runtime', file, '..', `${name}.ts`));
        expect(built, `${file} runs ${target} off the thread`).toContain(target);
      }
    }
  });
});
