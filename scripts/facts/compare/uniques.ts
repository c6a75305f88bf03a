/**
 * @module
 * A resource's unique constraints against its model's (models.md, the nearest class declaring
 * constraints) and its serializer's unique fields: the same sets of fields, the same condition
 * (`where_null`), case-insensitivity (`Lower()`), and NetBox's message where models.md states one.
 * A conditional constraint without a message answers with Django's `Constraint “<name>” is
 * violated.`, naming a constraint models.md does not name: a message of ours in that wording is taken
 * as it.
 */
import type { UniqueFacts } from '../types.ts';
import { Recorder, type Findings, type Subject } from './subject.ts';

interface Constraint {
  fields: string[];
  whereNull: string[];
  caseInsensitive: boolean;
  /** A condition where_null cannot state. */
  condition?: string;
  /** NetBox's constraint has a condition (Django then words a missing message otherwise). */
  conditional?: boolean;
  message?: string;
}

/** Django's message for a conditional constraint without one of its own. */
const DJANGO_CONSTRAINT_MESSAGE = /^Constraint “[a-z0-9_]+” is violated\.$/;

const keyOf = (c: Constraint) => `(${[...c.fields].sort().join(', ')})${c.whereNull.length ? ` where ${[...c.whereNull].sort().join(', ')} null` : ''}${c.condition ? ` where ${c.condition}` : ''}${c.caseInsensitive ? ' case-insensitive' : ''}`;

/**
 * A clause `b__isnull=False` on one of the constraint's own fields changes nothing: rows with a
 * null in a constrained field never collide (NULLs are distinct in a unique index, and Django's
 * validation skips them). Any other is a condition where_null cannot state.
 */
function fromNetBox(u: UniqueFacts): Constraint {
  const notNull = (u.whereNotNull ?? []).filter((f) => !u.fields.includes(f));
  const condition = u.condition ?? (notNull.length ? `${notNull.join(', ')} not null` : undefined);
  const conditional = Boolean(u.condition || u.whereNull?.length || u.whereNotNull?.length);
  return { fields: u.fields, whereNull: u.whereNull ?? [], caseInsensitive: (u.lower?.length ?? 0) > 0, conditional, ...(condition ? { condition } : {}), ...(u.message ? { message: u.message } : {}) };
}

export function compareUniques({ resource, serializer, model }: Subject): Findings {
  const record = new Recorder(resource.key);
  if (!model) return record;
  const netbox = new Map<string, Constraint>();
  for (const u of model.unique) netbox.set(keyOf(fromNetBox(u)), fromNetBox(u));
  // A unique field (serializers.md's UNIQUE) and a one-to-one relation (unique in Django) are
  // constraints of one field.
  const single = [
    ...Object.entries(serializer?.fields ?? {}).filter(([, f]) => f.unique).map(([name]) => name),
    ...Object.entries(model.relations).filter(([, r]) => r.kind === 'OneToOneField').map(([name]) => name),
  ];
  for (const name of single) netbox.set(keyOf({ fields: [name], whereNull: [], caseInsensitive: false }), { fields: [name], whereNull: [], caseInsensitive: false });
  const ours = new Map(resource.unique.map((u) => [keyOf({ fields: u.fields, whereNull: u.whereNull ?? [], caseInsensitive: u.caseInsensitive ?? false }), u]));
  for (const [key, constraint] of netbox) {
    const mine = ours.get(key);
    record.check('unique', key, mine !== undefined, () => 'unique', () => 'none');
    if (!mine) continue;
    if (constraint.message !== undefined) {
      record.check('unique_message', key, mine.message === constraint.message, () => JSON.stringify(constraint.message), () => JSON.stringify(mine.message));
    } else if (constraint.conditional) {
      // models.md does not name the constraint: Django's wording with a constraint name is accepted.
      record.check('unique_message', key, DJANGO_CONSTRAINT_MESSAGE.test(mine.message), () => "Django's “Constraint “<name>” is violated.” (models.md names no message)", () => JSON.stringify(mine.message));
    }
  }
  for (const [key, mine] of ours) {
    if (netbox.has(key)) continue;
    // serializers.md marks UNIQUE on writable fields only: of a read-only one (a token's key) it does not tell.
    const readOnly = mine.fields.length === 1 && !mine.whereNull?.length && serializer?.fields[mine.fields[0]!]?.req.startsWith('ro');
    if (!readOnly) record.check('unique', key, false, () => 'none', () => 'unique');
  }
  return record;
}
