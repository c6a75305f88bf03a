import { describe, expect, it } from 'vitest';
import { permissionPolicy } from './policy.ts';

describe('permissionPolicy', () => {
  it("has NetBox's defaults: own bookmarks, notifications, subscriptions and tokens, nothing exempt, login required", () => {
    const policy = permissionPolicy({});
    const own = (type: string) => ['view', 'add', 'change', 'delete'].map((action) => ({ object_types: [type], actions: [action], constraints: [{ user: '$user' }] }));
    expect(policy.defaults).toEqual(['extras.bookmark', 'extras.notification', 'extras.subscription', 'users.token'].flatMap(own));
    expect(policy.exemptView('dcim.site')).toBe(false);
    expect(policy.loginRequired).toBe(true);
  });

  it('reads DEFAULT_PERMISSIONS, EXEMPT_VIEW_PERMISSIONS and LOGIN_REQUIRED', () => {
    const policy = permissionPolicy({ DEFAULT_PERMISSIONS: '{"dcim.view_site": null, "dcim.change_site": [{"tenant__slug": "a"}]}', EXEMPT_VIEW_PERMISSIONS: 'dcim.region, tenancy.tenant', LOGIN_REQUIRED: 'False' });
    expect(policy.defaults).toEqual([
      { object_types: ['dcim.site'], actions: ['view'], constraints: null },
      { object_types: ['dcim.site'], actions: ['change'], constraints: [{ tenant__slug: 'a' }] },
    ]);
    expect(policy.exemptView('tenancy.tenant')).toBe(true);
    expect(policy.exemptView('dcim.site')).toBe(false);
    expect(policy.loginRequired).toBe(false);
    expect(permissionPolicy({ EXEMPT_VIEW_PERMISSIONS: '*' }).exemptView('ipam.prefix')).toBe(true);
    expect(permissionPolicy({ DEFAULT_PERMISSIONS: '{}' }).defaults).toEqual([]);
  });

  it('refuses settings it cannot read, at start', () => {
    expect(() => permissionPolicy({ DEFAULT_PERMISSIONS: '[1]' })).toThrow('DEFAULT_PERMISSIONS must be a JSON object');
    expect(() => permissionPolicy({ DEFAULT_PERMISSIONS: '{"view_site": null}' })).toThrow('is not a permission name');
  });
});
