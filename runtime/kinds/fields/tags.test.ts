/**
 * Tags: read as nested tags through the shared tag-assignment table, written as `tags` (replace
 * all) or `add_tags`/`remove_tags`, with NetBox 4.6's rules for combining them.
 */
import { describe, expect, it } from 'vitest';
import { TAG_LINK } from '../../contract/index.ts';
import { FakeItem, fakeCatalog, fakeOpenApiContext, fakeResource, fakeSelectContext, fakeSerializeContext, fakeStageContext, fieldOf, parse } from '../../testing/kinds.ts';
import { tags } from './tags.ts';

const tag = fakeResource('extras.tags', [{ name: 'name', kind: 'string' }, { name: 'slug', kind: 'slug' }]);
const site = fakeResource('dcim.sites', [{ name: 'name', kind: 'string' }, { name: 'tags', kind: 'tags', target: 'extras.tags' }]);
const catalog = fakeCatalog([tag, site]);
const field = fieldOf(site, 'tags');
const stageCtx = fakeStageContext(catalog, (target, ref) => {
  expect(target).toBe('extras.tags');
  if (typeof ref === 'number') return ref < 100 ? { id: ref } : { error: `Related object not found using the provided numeric ID: ${ref}` };
  return ref.slug === 'prod' ? { id: 1 } : { error: `Related object not found using the provided attributes: {'slug': '${String(ref.slug)}'}` };
});

/** Stages the inputs in order (as the writer does, in the resource's key order) and returns the item. */
function staged(inputs: [string, unknown][], creating = false): FakeItem {
  const item = new FakeItem(creating);
  for (const [input, value] of inputs) tags.stage!(field, input, value, item, stageCtx);
  return item;
}

describe('tags', () => {
  it('has no column and derives the tag and tag_id filters', () => {
    expect(tags.column(field, catalog)).toBeNull();
    expect(tags.filters!(field, site, catalog)).toEqual([
      { name: 'tag', kind: 'tag', path: 'tags', to: 'slug' },
      { name: 'tag_id', kind: 'tag_id', path: 'tags' },
    ]);
  });

  it('takes three request keys, each a list of ids or attribute dicts', () => {
    const validators = tags.validators!(field, catalog);
    expect(Object.keys(validators)).toEqual(['tags', 'add_tags', 'remove_tags']);
    expect(parse(validators.tags, [1, { slug: 'prod' }])).toEqual({ value: [1, { slug: 'prod' }] });
    expect(parse(validators.add_tags, 'prod')).toEqual({ errors: ['Expected a list of items but got type "str".'] });
    expect(tags.references!(field, 'add_tags', [1, 2])).toEqual({ target: 'extras.tags', refs: [1, 2] });
  });

  it('`tags` replaces them all (distinct ids), `add_tags`/`remove_tags` change some', () => {
    expect(staged([['tags', [1, 2, 1, { slug: 'prod' }]]]).tags).toEqual({ set: [1, 2] });
    expect(staged([['tags', []]]).tags).toEqual({ set: [] });
    expect(staged([['add_tags', [3]]]).tags).toEqual({ add: [3] });
    expect(staged([['add_tags', [3]], ['remove_tags', [4]]]).tags).toEqual({ add: [3], remove: [4] });
    expect(staged([['add_tags', [3]]], true).errors).toEqual({});
  });

  it('reports unknown tags under the key that named them', () => {
    const item = staged([['add_tags', [1, 500, { slug: 'nope' }]]]);
    expect(item.errors).toEqual({ add_tags: ['Invalid pk "500" - object does not exist.', "Related object not found using the provided attributes: {'slug': 'nope'}"] });
    expect(item.tags).toEqual({ add: [1] });
  });

  it("refuses NetBox 4.6's forbidden combinations", () => {
    expect(staged([['tags', [1]], ['add_tags', [2]]]).errors).toEqual({ add_tags: ['Cannot specify both tags and add_tags.'] });
    expect(staged([['tags', [1]], ['remove_tags', [2]]]).errors).toEqual({ remove_tags: ['Cannot specify both tags and remove_tags.'] });
    expect(staged([['remove_tags', [2]]], true).errors).toEqual({ remove_tags: ['Tags cannot be removed from an object that is being created.'] });
    expect(staged([['add_tags', [1, 2]], ['remove_tags', [2]]]).errors).toEqual({ non_field_errors: ['The same tag cannot be both added and removed.'] });
  });

  it('selects the nested tags of this object type through the tag-assignment table', () => {
    const sql = tags.select(field, site, 't', fakeSelectContext(catalog));
    expect(sql).toBe(
      `LIST(extras.tags a1 JOIN "${TAG_LINK.table}" a2 ON a2."${TAG_LINK.tagId}" = a1.id WHERE a2."${TAG_LINK.objectType}" = 'dcim.site' AND a2."${TAG_LINK.objectId}" = t.id)`,
    );
    const ctx = fakeSerializeContext(catalog);
    expect(tags.serialize(field, site, { tags: [{ id: 1, name: 'prod' }] }, ctx)).toEqual([{ nested: 'extras.tags', id: 1, name: 'prod' }]);
    expect(tags.serialize(field, site, { tags: null }, ctx)).toEqual([]);
  });

  it('is a list of embedded tags in answers and of references in requests', () => {
    const api = fakeOpenApiContext(catalog);
    expect(tags.response(field, api)).toEqual({ type: 'array', items: { $ref: '#/embedded/extras.tags' } });
    expect(tags.request!(field, api)).toMatchObject({ type: 'array', items: { oneOf: [{ type: 'integer' }, { type: 'object' }] } });
  });
});
