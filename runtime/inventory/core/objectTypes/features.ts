/**
 * @module
 * NetBox's model features (netbox/models/features.py: `bookmarks`, `custom_links`, `tags`…), as
 * `ObjectType.objects.with_feature()` and an object type's `features` see them. NetBox tests a
 * model's base classes; here the definitions' mixins stand for them (each resource's `mixins` in
 * the generated table), and the few models that add a feature mixin of their own besides their
 * base class (JournalEntry's CustomLinksMixin, the AdminModel owners) are listed by type.
 */
import type { Resource } from '../../../contract/index.ts';

/** Features in NetBox's registration order (registry['model_features']). */
export const FEATURES = [
  'bookmarks', 'change_logging', 'cloning', 'contacts', 'custom_fields', 'custom_links', 'custom_validation', 'event_rules',
  'export_templates', 'image_attachments', 'jobs', 'journaling', 'notifications', 'synced_data', 'tags',
] as const;
export type Feature = (typeof FEATURES)[number];

/** NetBoxFeatureSet: what NetBoxModel (and so primary, organizational and nested-group models) brings. */
const FEATURE_SET: Feature[] = ['bookmarks', 'change_logging', 'cloning', 'custom_fields', 'custom_links', 'custom_validation', 'event_rules', 'export_templates', 'journaling', 'notifications', 'tags'];

/** The features each mixin of definitions/mixins.yaml stands for. */
const BY_MIXIN: Readonly<Record<string, Feature[]>> = {
  // ChangeLoggedModel: ChangeLoggingMixin, CustomValidationMixin, EventRulesMixin.
  'change-logged': ['change_logging', 'custom_validation', 'event_rules'],
  'custom-fields': ['custom_fields'],
  taggable: ['tags'],
  journaling: ['journaling'],
  contacts: ['contacts'],
  'image-attachments': ['image_attachments'],
  'synced-data': ['synced_data'],
  'netbox-model': FEATURE_SET,
};

/**
 * Feature mixins a model has beyond what its definition's mixins stand for, by object type (NetBox's
 * class statements: JournalEntry's CustomLinksMixin, the AdminModel owners, a config context's
 * synced data). Checked against NetBox 4.6's model classes for every served model.
 */
const BY_TYPE: Readonly<Record<string, Feature[]>> = {
  'circuits.circuitgroupassignment': ['custom_fields', 'export_templates'],
  'circuits.circuittermination': ['custom_links', 'export_templates'],
  'circuits.virtualcircuittermination': ['custom_links', 'export_templates'],
  'extras.configcontext': ['cloning', 'custom_links', 'synced_data'],
  'extras.configcontextprofile': [...FEATURE_SET, 'synced_data'],
  'extras.configtemplate': ['custom_links', 'export_templates'],
  'extras.customfield': ['cloning', 'export_templates'],
  'extras.customfieldchoiceset': ['cloning', 'export_templates'],
  'extras.customlink': ['cloning', 'export_templates'],
  'extras.exporttemplate': ['cloning', 'export_templates', 'synced_data'],
  'extras.journalentry': ['custom_links', 'export_templates'],
  'extras.tag': ['cloning', 'export_templates'],
  'ipam.asn': ['contacts'],
  'tenancy.contactassignment': ['export_templates'],
  'users.objectpermission': ['cloning'],
  // AdminModel.
  'users.owner': ['bookmarks', 'cloning', 'custom_links', 'custom_validation', 'event_rules', 'export_templates', 'notifications'],
  'users.ownergroup': ['bookmarks', 'cloning', 'custom_links', 'custom_validation', 'event_rules', 'export_templates', 'notifications'],
  // DataSource: JobsMixin on a PrimaryModel.
  'core.datasource': ['jobs'],
  'vpn.tunneltermination': ['custom_links'],
};

const cache = new WeakMap<Resource, Feature[]>();

/** The resource's features, in NetBox's order. */
export function featuresOf(resource: Resource): Feature[] {
  let features = cache.get(resource);
  if (!features) {
    const has = new Set<Feature>([...(resource.mixins ?? []).flatMap((m) => BY_MIXIN[m] ?? []), ...(BY_TYPE[resource.objectType] ?? [])]);
    features = FEATURES.filter((f) => has.has(f));
    cache.set(resource, features);
  }
  return features;
}

export function hasFeature(resource: Resource, feature: Feature): boolean {
  return featuresOf(resource).includes(feature);
}
