/**
 * Model features as NetBox computes them from a model's classes, here from the definitions' mixins
 * and the models that add a feature mixin of their own (checked against NetBox 4.6's classes for
 * every served model when written; these pin a few of each kind).
 */
import { describe, expect, it } from 'vitest';
import { Registry } from '../../../rest/index.ts';
import { featuresOf, hasFeature } from './features.ts';

const registry = Registry.load();
const of = (key: string) => featuresOf(registry.resource(key));

describe('featuresOf', () => {
  it('gives a NetBoxModel its feature set, in NetBox order, with the mixins it adds', () => {
    expect(of('dcim.sites')).toEqual(['bookmarks', 'change_logging', 'cloning', 'contacts', 'custom_fields', 'custom_links', 'custom_validation', 'event_rules', 'export_templates', 'image_attachments', 'journaling', 'notifications', 'tags']);
    expect(of('dcim.manufacturers')).toEqual(['bookmarks', 'change_logging', 'cloning', 'contacts', 'custom_fields', 'custom_links', 'custom_validation', 'event_rules', 'export_templates', 'journaling', 'notifications', 'tags']);
    expect(hasFeature(registry.resource('virtualization.virtual-machines'), 'image_attachments')).toBe(true);
    expect(of('core.data-sources')).toContain('jobs');
  });

  it('gives other models what their classes add', () => {
    expect(of('extras.tags')).toEqual(['change_logging', 'cloning', 'custom_validation', 'event_rules', 'export_templates']);
    expect(of('extras.journal-entries')).toEqual(['change_logging', 'custom_fields', 'custom_links', 'custom_validation', 'event_rules', 'export_templates', 'tags']);
    expect(of('users.owners')).toEqual(['bookmarks', 'cloning', 'custom_links', 'custom_validation', 'event_rules', 'export_templates', 'notifications']);
    expect(of('users.users')).toEqual([]);
    expect(of('extras.tagged-objects')).toEqual([]);
  });
});
