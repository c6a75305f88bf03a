/**
 * Reading the file import/ takes (rules §8): empty, malformed, aliased, too deep, wrong-version,
 * oversized files are refused with the place of the problem, and the time is linear in the
 * file: a file of 4n keys reads like one of n, only longer (no timing here; see the README).
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../rest/index.ts';
import { MAX_BYTES, readImportFile } from './importFile.ts';

const refusal = (text: unknown) => {
  try {
    readImportFile(text);
  } catch (error) {
    return (error as ApiError).body as { yaml: string[] };
  }
  return null;
};

describe('readImportFile', () => {
  it('refuses a missing, empty or non-string file', () => {
    expect(refusal(undefined)).toEqual({ yaml: ['This field is required.'] });
    expect(refusal('  \n')).toEqual({ yaml: ['This field may not be blank.'] });
    expect(refusal(7)).toEqual({ yaml: ['Not a valid string.'] });
  });

  it('refuses text that is no YAML, with its line and column', () => {
    expect(refusal('version: 1\nactions: [view\ngroups: {}\n')!.yaml[0]).toMatch(/^Not valid YAML \(line \d+, column \d+\): /);
    expect(refusal('version: 1\nversion: 2\n')!.yaml[0]).toMatch(/^Not valid YAML \(line 2, column 1\): Map keys must be unique/);
  });

  it('refuses anchors and aliases before expanding anything (no billion laughs)', () => {
    const laughs = 'a: &a [lol, lol]\nb: &b [*a, *a]\nc: [*b, *b]\nversion: 1\n';
    expect(refusal(laughs)).toEqual({ yaml: ['Anchors and aliases are not allowed (line 1, column 7).'] });
    expect(refusal('version: 1\nactions: [view]\ngroups:\n  noc: &x {}\n')!.yaml[0]).toMatch(/^Anchors and aliases are not allowed \(line 4/);
  });

  it('refuses a wrong version or top-level shape', () => {
    expect(refusal('version: 2\nactions: [view]\n')).toEqual({ yaml: ['version must be 1 (this file says 2).'] });
    expect(refusal('- version: 1\n')).toEqual({ yaml: ['The file must be a mapping with version, actions, groups and users.'] });
    expect(refusal('version: 1\nactions: view\n')).toEqual({ yaml: ['actions must be a list of action names.'] });
    expect(refusal('version: 1\nactions: [view]\ngroups:\n  noc:\n    dcim.site: view\n')).toEqual({ yaml: ['groups.noc.dcim.site must be a list of actions.'] });
    expect(refusal('version: 1\nactions: [view]\npeople: {}\n')).toEqual({ yaml: ['Unknown key(s): people.'] });
  });

  it('refuses files over 1 MiB or 100,000 cells', () => {
    expect(refusal(`version: 1\nactions: [view]\n#${'x'.repeat(MAX_BYTES)}\n`)!.yaml[0]).toMatch(/larger than 1 MiB/);
    const types = Array.from({ length: 1001 }, (_, i) => `    t.m${i}: [view, add, change, delete, a, b, c, d, e, f]`).join('\n');
    const groups = Array.from({ length: 10 }, (_, i) => `  g${i}:\n${types}`).join('\n');
    expect(refusal(`version: 1\nactions: [view]\ngroups:\n${groups}\n`)).toEqual({ yaml: ['The file lists more than 100000 cells.'] });
  }, 60_000);

  it('reads the file as export/ writes it, and as a person may write it', () => {
    const file = readImportFile(`version: 1
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

  it('refuses a second document, keys that are lists or mappings, and keys that read the same', () => {
    expect(refusal('version: 1\nactions: [view]\n---\nversion: 1\n')!.yaml[0]).toMatch(/^Not valid YAML \(line 3, column 1\): Source contains multiple documents/);
    expect(refusal('version: 1\nactions: [view]\ngroups:\n  ? [a, b]\n  : {}\n')).toEqual({ yaml: ['Keys must be names, not lists or mappings (line 4, column 5).'] });
    expect(refusal('version: 1\nactions: [view]\ngroups:\n  1: {}\n  "1": {}\n')).toEqual({ yaml: ['Not valid YAML (line 5, column 3): Map keys must be unique'] });
  });

  it('refuses nesting deeper than the limit where it starts, without recursing through it', () => {
    // 1 MiB of brackets or of compact sequences: once ran the composer into the stack limit for seconds.
    expect(refusal(`version: 1\nactions: ${'['.repeat(MAX_BYTES - 30)}`)!.yaml[0]).toMatch(/^The file is nested deeper than 32 levels \(line 2, column \d+\)\.$/);
    expect(refusal(`version: 1\nactions:\n${'- '.repeat(MAX_BYTES / 2 - 20)}view\n`)!.yaml[0]).toMatch(/^The file is nested deeper than 32 levels \(line 3, column \d+\)\.$/);
    expect(refusal(`version: 1\ngroups: ${'{a: '.repeat(1000)}`)!.yaml[0]).toMatch(/^The file is nested deeper than 32 levels \(line 2/);
  });

  /** A file of `n` groups, each with no cell; `extra` lines go after them. */
  const groups = (n: number, extra = '') => `version: 1\nactions: [view]\ngroups:\n${Array.from({ length: n }, (_, i) => `  g${i}: {}\n`).join('')}${extra}`;

  it('reads n and 4n keys alike: every key, and a duplicate found where it is, however many came before', () => {
    for (const n of [10_000, 40_000]) {
      const file = readImportFile(groups(n));
      expect(file.groups.size).toBe(n);
      expect(file.groups.get(`g${n - 1}`)).toEqual(new Map());
      expect(refusal(groups(n, '  g0: {}\n'))).toEqual({ yaml: [`Not valid YAML (line ${n + 4}, column 3): Map keys must be unique`] });
      expect(refusal(groups(n, '  last: &a {}\n'))).toEqual({ yaml: [`Anchors and aliases are not allowed (line ${n + 4}, column 12).`] });
    }
  }, 120_000);
});
