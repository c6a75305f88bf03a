/**
 * Unique constraints matched by fields, condition and case; messages where models.md states one
 * or where NetBox's would be Django's default naming its constraint.
 */
import { describe, expect, it } from 'vitest';
import type { UniqueEntry } from '../../../runtime/contract/index.ts';
import { model, resource, serializer, subject, subjects } from './fixtures.ts';
import { compareUniques } from './uniques.ts';

describe('compareUniques', () => {
  const unique = (fields: string[], extra: Partial<UniqueEntry> = {}): UniqueEntry => ({ fields, whereNull: [], caseInsensitive: false, message: 'x', errorField: '__all__', ...extra });

  it('matches constraints by fields, condition and case, and compares the messages models.md states', () => {
    const ours = resource([], {
      unique: [
        unique(['group', 'name'], { message: 'Name must be unique per group.' }),
        unique(['name'], { whereNull: ['group'], message: 'Name must be globally unique.' }),
        unique(['slug'], { errorField: 'slug' }),
        // Django's default wording, naming the constraint, is NetBox's message.
        unique(['slug'], { whereNull: ['group'], message: 'Constraint “test_thing_unique_slug” is violated.' }),
        unique(['name', 'device'], { whereNull: ['cluster'], caseInsensitive: true, message: 'per device' }),
      ],
    });
    const found = compareUniques(subject(ours, {
      serializer: serializer({ slug: { req: 'REQ', type: 'SlugField', unique: true } }),
      model: model({
        unique: [
          { fields: ['group', 'name'], message: 'Name must be unique per group.' },
          { fields: ['name'], whereNull: ['group'] },
          { fields: ['slug'], whereNull: ['group'] },
          // A not-null clause on one of its own fields changes nothing.
          { fields: ['name', 'device'], lower: ['name'], whereNull: ['cluster'], whereNotNull: ['device'], message: 'per device' },
        ],
        relations: { primary_ip4: { kind: 'OneToOneField', target: 'ipam.IPAddress', onDelete: 'SET_NULL', null: true, declaredBy: 'test.Thing' } },
      }),
    }));
    expect(subjects(found.differences)).toEqual(['unique_message (name) where group null', 'unique (primary_ip4)']);
  });
});
