/**
 * The facts check as `npm run facts` runs it: the repository's definitions pass (every difference
 * is in the allow-list), with or without the reference folder; an unknown resource key is a usage
 * error; an invalid definition gives the generator's positioned diagnostics and no stack trace.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArguments } from './cli.ts';
import { runFacts, type FactsOptions, type FactsResult } from './run.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const options = (extra: Partial<FactsOptions> = {}): FactsOptions => ({ root, only: [], extract: false, verbose: false, ...extra });

describe('runFacts', () => {
  let full: FactsResult;
  beforeAll(() => {
    full = runFacts(options({ verbose: true }));
  }, 60_000);

  it('passes on the repository, printing a row per served resource and the summary on stdout', () => {
    expect(full.stderr.filter((line) => !line.includes('is not here'))).toEqual([]);
    expect(full.status).toBe(0);
    expect(full.stdout).toMatch(/^dcim\.racks {2,}/m);
    expect(full.stdout).toMatch(/^choice-sets {2,}/m);
    expect(full.stdout).toMatch(/^on_delete +\d+ +2 +2 +0$/m);
    expect(full.stdout).toMatch(/^total +\d+ +\d+ +\d+ +0$/m);
    expect(full.stdout).toContain('In the allow-list (');
    expect(full.stdout).toMatch(/Validation messages \(models\.md, bases included\) of \d+ served models: \d+/);
  });

  it('compares with the checked-in extract when the reference is not there, and says so once', () => {
    const alone = runFacts(options({ reference: join(tmpdir(), 'no-such-reference'), only: ['tenancy.tenants'] }));
    expect(alone.stderr).toEqual([expect.stringMatching(/^NetBox's reference is not here \(looked in .*no-such-reference\): comparing with scripts\/facts\/netbox-4\.6\.json\.$/)]);
    expect(alone.status).toBe(0);
    expect(alone.stdout.split('\n').filter((line) => /^\w+\.[\w-]+ /.test(line)).map((line) => line.split(' ')[0])).toEqual(['tenancy.tenants']);
  }, 60_000);

  it('refuses a resource key that is not served', () => {
    const unknown = runFacts(options({ only: ['dcim.racks', 'extras.no-such-things'] }));
    expect(unknown.status).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toEqual([expect.stringMatching(/^unknown resource extras\.no-such-things: served are /)]);
  }, 60_000);

  describe('on invalid definitions', () => {
    let copy: string;
    beforeAll(() => {
      copy = mkdtempSync(join(tmpdir(), 'facts-'));
      cpSync(join(root, 'definitions'), join(copy, 'definitions'), { recursive: true });
      const file = join(copy, 'definitions', 'tenancy', 'tenants.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('model: Tenant\n', 'model: Tenant\n    colour: red\n'));
    });
    afterAll(() => rmSync(copy, { recursive: true, force: true }));

    it('prints the generator’s positioned diagnostics, and compares nothing', () => {
      const invalid = runFacts(options({ root: copy }));
      expect(invalid.status).toBe(1);
      expect(invalid.stdout).toBe('');
      expect(invalid.stderr[0]).toMatch(/^definitions\/tenancy\/tenants\.yaml:\d+:\d+ E_UNKNOWN_KEY /);
      expect(invalid.stderr.at(-1)).toBe('1 problem(s) in definitions/: nothing compared.');
      expect(invalid.stderr.join('\n')).not.toMatch(/^\s+at /m);
    }, 60_000);
  });
});

describe('parseArguments', () => {
  it('reads resources, options and aspects, and refuses unknown ones', () => {
    expect(parseArguments(['dcim.racks', '--verbose', '--reference', '/r', '--aspects=filter,lookups'], {})).toMatchObject({ only: ['dcim.racks'], verbose: true, reference: '/r', aspects: ['filter', 'lookups'] });
    expect(parseArguments([], { NETBOX_REFERENCE: '/env' })).toMatchObject({ referenceEnv: '/env', extract: false });
    expect(parseArguments(['--rules'], {})).toMatchObject({ rules: true });
    expect(parseArguments(['--colour'], {})).toEqual({ error: 'unknown option --colour' });
    expect(parseArguments(['--aspects=filters'], {})).toEqual({ error: expect.stringMatching(/^unknown aspect filters: /) });
    expect(parseArguments(['--reference'], {})).toEqual({ error: '--reference needs a folder' });
  });
});
