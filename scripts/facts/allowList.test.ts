/**
 * The allow-list: accepted differences by pattern, entries naming what does not exist or no
 * longer differs, and the record of validation messages counted per resource.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyAllowList, countRules, readAllowList, testShows, unrecordedRules, type AllowList } from './allowList.ts';
import type { Difference } from './types.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const d = (scope: string, aspect: Difference['aspect'], subject: string): Difference => ({ scope, aspect, subject, netbox: 'a', ours: 'b' });
const scopes = new Set(['dcim.racks', 'tenancy.tenants', 'choice-sets']);

describe('applyAllowList', () => {
  it('accepts what an entry matches (a `*` matches any resource or subject), with its reason', () => {
    const list: AllowList = { accepted: [{ reason: 'because it is so', differences: ['dcim.racks nullable group', '* unique_message *'] }], rules: {} };
    const check = applyAllowList(list, [d('dcim.racks', 'nullable', 'group'), d('tenancy.tenants', 'unique_message', '(name) where group null'), d('dcim.racks', 'on_delete', 'group')], scopes, true);
    expect(check.allowed.map((x) => `${x.scope} ${x.aspect}: ${x.reason}`)).toEqual(['dcim.racks nullable: because it is so', 'tenancy.tenants unique_message: because it is so']);
    expect(check.open).toEqual([d('dcim.racks', 'on_delete', 'group')]);
    expect(check.problems).toEqual([]);
  });

  it('refuses an unknown resource or aspect, and a stale entry when everything was compared', () => {
    const list: AllowList = { accepted: [{ reason: 'because it is so', differences: ['dcim.nope field x', 'dcim.racks colour x', 'dcim.racks field', 'dcim.racks field gone'] }], rules: {} };
    expect(applyAllowList(list, [], scopes, true).problems).toEqual([
      'allow-list.yaml: "dcim.nope field x": dcim.nope is no served resource',
      expect.stringMatching(/^allow-list.yaml: "dcim.racks colour x": colour is no aspect/),
      'allow-list.yaml: "dcim.racks field": names no field, filter, constraint or set',
      'allow-list.yaml: "dcim.racks field gone" is no difference any more: remove it',
    ]);
    expect(applyAllowList(list, [], scopes, false).problems).toHaveLength(3);
  });

  it('reads the repository’s allow-list, each entry under a reason', () => {
    const list = readAllowList();
    expect(list.accepted.length).toBeGreaterThan(0);
    for (const group of list.accepted) expect(group.reason.trim().length).toBeGreaterThan(10);
  });
});

describe('countRules', () => {
  const rules = new Map([['dcim.racks', [{ hook: 'clean', message: 'Assigned location must belong to parent site ({site}).' }, { hook: 'clean', field: 'u_height', message: 'Too short.' }]]]);

  it('counts messages, enforced and not applicable ones, and refuses a record of nothing real', () => {
    const list: AllowList = {
      accepted: [],
      rules: {
        'dcim.racks': [
          { message: 'Assigned location must belong to parent site ({site}).', status: 'enforced', test: 'runtime/inventory/dcim/racks/racks.e2e.test.ts' },
          { message: 'Too short.', field: 'u_height', status: 'not-applicable', reason: 'a reason long enough' },
          { message: 'Never raised.', status: 'not-applicable', reason: 'a reason long enough' },
        ],
        'dcim.nope': [],
      },
    };
    const problems: string[] = [];
    expect(countRules(list, rules, root, problems).get('dcim.racks')).toEqual({ total: 2, enforced: 1, notApplicable: 1 });
    expect(problems).toEqual(['rules of dcim.racks: "Never raised." is none of its model\'s messages', 'rules of dcim.nope: no served resource']);
    const missingTest: AllowList = { accepted: [], rules: { 'dcim.racks': [{ message: 'Too short.', status: 'enforced', test: 'runtime/nowhere.test.ts' }] } };
    const more: string[] = [];
    countRules(missingTest, rules, root, more);
    expect(more).toEqual(['rules of dcim.racks: the test runtime/nowhere.test.ts is not there']);
  });

  it('leaves the records of a served resource out of this run alone', () => {
    const list: AllowList = { accepted: [], rules: { 'dcim.sites': [{ message: 'Anything.', status: 'not-applicable', reason: 'a reason long enough' }] } };
    const problems: string[] = [];
    countRules(list, rules, root, problems, new Set(['dcim.racks', 'dcim.sites']));
    expect(problems).toEqual([]);
  });

  it('lists the messages no record covers, by resource (--rules)', () => {
    const list: AllowList = { accepted: [], rules: { 'dcim.racks': [{ message: 'Too short.', status: 'not-applicable', reason: 'a reason long enough' }] } };
    expect(unrecordedRules(list, rules)).toEqual(new Map([['dcim.racks', ['Assigned location must belong to parent site ({site}).']]]));
    expect(unrecordedRules({ accepted: [], rules: {} }, rules).get('dcim.racks')).toEqual(['Assigned location must belong to parent site ({site}).', 'u_height: Too short.']);
  });

  it('takes a test as showing a message only when it contains it, placeholders standing for any text', () => {
    expect(testShows(`expect(body).toEqual({ location: ['Location "L1" does not belong to site "S2".'] })`, 'Location "{location}" does not belong to site "{site}".')).toBe(true);
    expect(testShows(`expect(x).toBe('It can\\'t be done.')`, "It can't be done.")).toBe(true);
    expect(testShows(`expect(x).toBe('Something else.')`, 'Too short.')).toBe(false);
    expect(testShows('Ensure this value is less than or equal to 10.', 'Ensure this value is less than or equal to %(limit_value)s.')).toBe(true);
  });
});
