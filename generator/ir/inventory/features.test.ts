/**
 * The repository's definitions give NetBox's features through mixins, never per resource: the
 * generic relations over a feature (`targets: { feature }`) then name exactly NetBox's models.
 */
import { describe, expect, it } from 'vitest';
import { buildProjectIR, projectPaths } from '../../pipeline.ts';
import { repositoryRoot } from '../../testdata/definitionSet.ts';

describe('features of the repository definitions', () => {
  const { resources } = buildProjectIR(projectPaths(repositoryRoot)).inventory;
  const targetsOf = (key: string, field: string) => resources.find((r) => r.key === key)!.fields.find((f) => f.name === field)!.generic!.targets;

  it('tag assignments point at exactly the resources with tags', () => {
    const tagged = resources.filter((r) => r.fields.some((f) => f.kind === 'tags')).map((r) => r.key).sort();
    expect(targetsOf('extras.tagged-objects', 'object')).toEqual(tagged);
  });

  it('journal entries point at NetBoxModels only (JournalingMixin)', () => {
    const journaled = targetsOf('extras.journal-entries', 'assigned_object');
    expect(journaled).toEqual(expect.arrayContaining(['virtualization.virtual-machines', 'virtualization.interfaces', 'virtualization.virtual-disks', 'ipam.services', 'ipam.service-templates', 'dcim.sites']));
    // ChangeLoggedModels and plain models are not journaled.
    for (const key of ['extras.journal-entries', 'tenancy.contact-assignments', 'extras.tags', 'extras.config-templates', 'extras.tagged-objects', 'dcim.cable-terminations', 'core.data-files', 'users.users', 'users.owners']) {
      expect(journaled).not.toContain(key);
    }
  });

  it('bookmarks, notifications and subscriptions point at NetBoxModels and AdminModels (owners, owner groups)', () => {
    const expected = [...targetsOf('extras.journal-entries', 'assigned_object'), 'users.owner-groups', 'users.owners'].sort();
    expect(targetsOf('extras.bookmarks', 'object')).toEqual(expected);
    expect(targetsOf('extras.notifications', 'object')).toEqual(expected);
    expect(targetsOf('extras.subscriptions', 'object')).toEqual(expected);
  });

  it('contact assignments point at the resources with contacts (ContactsMixin)', () => {
    const withContacts = resources.filter((r) => r.inherited.contacts === 'contacts').map((r) => r.key).sort();
    expect(targetsOf('tenancy.contact-assignments', 'object')).toEqual(withContacts);
    expect(withContacts).toEqual(expect.arrayContaining(['ipam.services', 'virtualization.virtual-machines']));
  });

  it('change records point at every change-logged model, and at models recorded without the stamps (change_records: permissions)', () => {
    const recorded = resources.filter((r) => r.changeLogged || r.changeRecords).map((r) => r.key).filter((k) => k !== 'core.object-changes').sort();
    expect(targetsOf('core.object-changes', 'changed_object')).toEqual(recorded);
    expect(recorded).toContain('users.permissions');
    expect(recorded).not.toContain('users.users');
  });

  it('tunnel terminations point at every resource, and only interfaces delete theirs (their GenericRelation)', () => {
    const termination = resources.find((r) => r.key === 'vpn.tunnel-terminations')!.fields.find((f) => f.name === 'termination')!;
    expect(termination.generic!.targets).toEqual(resources.map((r) => r.key).sort());
    expect(termination.generic!.relations).toEqual(['dcim.interfaces', 'virtualization.interfaces']);
  });

  it('tags and owners shown come from the taggable and owned mixins', () => {
    for (const r of resources) {
      for (const [name, mixin] of [['tags', 'taggable'], ['owner', 'owned']]) {
        const field = r.fields.find((f) => f.name === name);
        // A config context's tags are a plain many-to-many to tags (NetBox's ConfigContext.tags), not tagging.
        if (field?.kind === 'm2m') continue;
        if (field && !(field.readOnly && field.writeOnly)) expect(r.inherited[name], `${r.key}.${name}`).toBe(mixin);
      }
    }
  });
});
