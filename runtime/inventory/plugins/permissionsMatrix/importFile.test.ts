/**
 * Reading the file import/ takes (rules §8): empty, malformed, aliased, too deep, wrong-version,
 * oversized files are refused with the place of the problem, and the time is linear in the
 * file: a file of 4n keys reads like one of n, only longer (no timing here; see the README).
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../rest/index.ts';
import { MAX_BYTES, readImportFile } from './importFile.ts';

const refusal = async (text: unknown) => {
  try {
    await readImportFile(text);
  } catch (error) {
    return (error as ApiError).body as { yaml: string[] };
  }
  return null;
};

/** The one message of a refusal. */
const refused = async (text: unknown) => (await refusal(text))!.yaml[0];

describe('readImportFile', () => {
  it('refuses a missing, empty or non-string file', async () => {
    expect(await refusal(undefined)).toEqual({ yaml: ['This field is required.'] });
    expect(await refusal('  \n')).toEqual({ yaml: ['This field may not be blank.'] });
    expect(await refusal(7)).toEqual({ yaml: ['Not a valid string.'] });
  });

  it('refuses text that is no YAML, with its line and column', async () => {
    expect(await refused('version: 1\nactions: [view\ngroups: {}\n')).toMatch(/^Not valid YAML \(line \d+, column \d+\): /);
    expect(await refused('version: 1\nversion: 2\n')).toMatch(/^Not valid YAML \(line 2, column 1\): Map keys must be unique/);
  });

  it('refuses anchors and aliases before expanding anything (no billion laughs)', async () => {
    const laughs = 'a: &a [lol, lol]\nb: &b [*a, *a]\nc: [*b, *b]\nversion: 1\n';
    expect(await refusal(laughs)).toEqual({ yaml: ['Anchors and aliases are not allowed (line 1, column 7).'] });
    expect(await refused('version: 1\nactions: [view]\ngroups:\n  noc: &x {}\n')).toMatch(/^Anchors and aliases are not allowed \(line 4/);
  });

  it('refuses a wrong version or top-level shape', async () => {
    expect(await refusal('version: 2\nactions: [view]\n')).toEqual({ yaml: ['version must be 1 (this file says 2).'] });
    expect(await refusal('- version: 1\n')).toEqual({ yaml: ['The file must be a mapping with version, actions, groups and users.'] });
    expect(await refusal('version: 1\nactions: view\n')).toEqual({ yaml: ['actions must be a list of action names.'] });
    expect(await refusal('version: 1\nactions: [view]\ngroups:\n  noc:\n    dcim.site: view\n')).toEqual({ yaml: ['groups.noc.dcim.site must be a list of actions.'] });
    expect(await refusal('version: 1\nactions: [view]\npeople: {}\n')).toEqual({ yaml: ['Unknown key(s): people.'] });
  });

  it('refuses files over 1 MiB or 100,000 cells', async () => {
    expect(await refused(`version: 1\nactions: [view]\n#${'x'.repeat(MAX_BYTES)}\n`)).toMatch(/larger than 1 MiB/);
    const types = Array.from({ length: 1001 }, (_, i) => `    t.m${i}: [view, add, change, delete, a, b, c, d, e, f]`).join('\n');
    const groups = Array.from({ length: 10 }, (_, i) => `  g${i}:\n${types}`).join('\n');
    expect(await refusal(`version: 1\nactions: [view]\ngroups:\n${groups}\n`)).toEqual({ yaml: ['The file lists more than 100000 cells.'] });
  }, 60_000);

  it('reads the file as export/ writes it, and as a person may write it', async () => {
    const file = await readImportFile(`version: 1
actions: [view, add, view]
app_labels:
  - dcim
groups:
  noc:
    dcim.site: [view]
    dcim.rack: ~
  "123": {}
  ops:
users: {alice: {ipam.prefix: [view, add]}}
`);
    expect(file.actions).toEqual(['view', 'add']);
    expect(file.appLabels).toEqual(['dcim']);
    expect([...file.groups]).toEqual([['noc', new Map([['dcim.site', ['view']], ['dcim.rack', []]])], ['123', new Map()], ['ops', new Map()]]);
    expect([...file.users]).toEqual([['alice', new Map([['ipam.prefix', ['view', 'add']]])]]);
  });

  it('refuses a second document, keys that are lists or mappings, and keys that read the same', async () => {
    expect(await refused('version: 1\nactions: [view]\n---\nversion: 1\n')).toMatch(/^Not valid YAML \(line 3, column 1\): Source contains multiple documents/);
    expect(await refusal('version: 1\nactions: [view]\ngroups:\n  ? [a, b]\n  : {}\n')).toEqual({ yaml: ['Keys must be names, not lists or mappings (line 4, column 5).'] });
    expect(await refusal('version: 1\nactions: [view]\ngroups:\n  1: {}\n  "1": {}\n')).toEqual({ yaml: ['Not valid YAML (line 5, column 3): Map keys must be unique'] });
  });

  it('refuses nesting deeper than the limit where it starts, without recursing through it', async () => {
    // 1 MiB of brackets or of compact sequences: once ran the composer into the stack limit for seconds.
    expect(await refused(`version: 1\nactions: ${'['.repeat(MAX_BYTES - 30)}`)).toMatch(/^The file is nested deeper than 32 levels \(line 2, column \d+\)\.$/);
    expect(await refused(`version: 1\nactions:\n${'- '.repeat(MAX_BYTES / 2 - 20)}view\n`)).toMatch(/^The file is nested deeper than 32 levels \(line 3, column \d+\)\.$/);
    expect(await refused(`version: 1\ngroups: ${'{a: '.repeat(1000)}`)).toMatch(/^The file is nested deeper than 32 levels \(line 2/);
  });

  /** A file of `n` groups, each with no cell; `extra` lines go after them. */
  const groups = (n: number, extra = '') => `version: 1\nactions: [view]\ngroups:\n${Array.from({ length: n }, (_, i) => `  g${i}: {}\n`).join('')}${extra}`;

  it('reads n and 4n keys alike: every key, and a duplicate found where it is, however many came before', async () => {
    for (const n of [10_000, 40_000]) {
      const file = await readImportFile(groups(n));
      expect(file.groups.size).toBe(n);
      expect(file.groups.get(`g${n - 1}`)).toEqual(new Map());
      expect(await refusal(groups(n, '  g0: {}\n'))).toEqual({ yaml: [`Not valid YAML (line ${n + 4}, column 3): Map keys must be unique`] });
      expect(await refusal(groups(n, '  last: &a {}\n'))).toEqual({ yaml: [`Anchors and aliases are not allowed (line ${n + 4}, column 12).`] });
    }
  }, 120_000);
});
