/**
 * @module
 * Creating and updating one object inside a transaction: validation (generated zod schema plus
 * required fields), related objects, uniqueness, tree placement, many-to-many links and tags.
 * Errors are collected per object and thrown as one NetBox 400 body.
 */
import type { ZodType } from 'zod';
import type { Queryable } from '../../db/index.ts';
import { ErrorCollector, expectedDictionary, notFound, type FieldErrors } from '../errors.ts';
import type { Field, Resource } from '../model.ts';
import { q } from '../query/select.ts';
import type { Registry } from '../registry.ts';
import { collectFieldIssues, type RelationRef, type ResourceSchema } from '../validation/index.ts';
import { RelationError, resolveRelation, resolveRelationList } from './relations.ts';
import { wouldCycle, updateTreePath } from './tree.ts';
import { checkUniques } from './uniques.ts';

export type WriteMode = 'create' | 'update' | 'partial';

/** Who is writing: fills `default: current_user` fields (a journal entry's `created_by`). */
export interface WriteContext {
  userId: number | null;
}

export class ValidationFailed extends Error {
  constructor(readonly errors: FieldErrors) {
    super('validation failed');
  }
}


/** What the writer needs from outside the REST conventions. */
export interface WriterHooks {
  /** Turns a `password` field's value into what is stored (never the plaintext). */
  hashPassword(password: string): string;
}

export class Writer {
  constructor(
    private readonly registry: Registry,
    private readonly validators: Record<string, ResourceSchema>,
    private readonly hooks: WriterHooks,
  ) {}

  /** Validates `body` and writes it; returns the object's id. Throws ValidationFailed. */
  async write(db: Queryable, resource: Resource, body: unknown, mode: WriteMode, id: number | null, context: WriteContext = { userId: null }): Promise<number> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ValidationFailed({ non_field_errors: [expectedDictionary(body)] });
    const input = body as Record<string, unknown>;
    const errors = new ErrorCollector();
    // Each field is validated on its own so that one bad field does not hide the others' errors.
    const data: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(this.validators[resource.key].shape)) {
      if (!(name in input)) continue;
      const parsed = (schema as ZodType).safeParse(input[name]);
      if (parsed.success) data[name] = parsed.data;
      else collectFieldIssues(parsed.error, name, errors);
    }

    if (mode !== 'partial') {
      for (const f of resource.fields) if (f.required && !f.readOnly && !(f.name in input)) errors.add(f.name, 'This field is required.');
    }
    const existing = id === null ? null : ((await db.query(`SELECT * FROM ${q(resource.table)} WHERE id = $1 FOR UPDATE`, [id]))[0] ?? null);
    // Deleted by a concurrent request since the caller found it.
    if (id !== null && !existing) throw notFound(resource.model);
    // Only `changes` is written; `row` (existing values plus changes) is what uniqueness is checked on.
    const changes: Record<string, unknown> = {};
    const links = new Map<Field, number[]>();
    let tags: { set?: number[]; add?: number[]; remove?: number[] } = {};

    for (const field of resource.fields) {
      if (field.readOnly || !(field.name in data) || errors.errors[field.name]) continue;
      if (existing && field.createOnly === true) continue;
      const value = data[field.name];
      try {
        if (field.kind === 'fk') changes[field.column!] = value === null ? null : await resolveRelation(db, this.registry, this.target(field), value as RelationRef);
        else if (field.kind === 'm2m') links.set(field, await resolveRelationList(db, this.registry, this.target(field), value as RelationRef[]));
        else if (field.kind === 'tags') tags.set = await resolveRelationList(db, this.registry, this.target(field), value as RelationRef[]);
        else if (field.kind === 'password') changes[field.column!] = this.hooks.hashPassword(String(value));
        else if (field.kind === 'custom_fields') this.customFields(value as Record<string, unknown>, errors);
        else if (field.column) changes[field.column] = value;
      } catch (error) {
        if (!(error instanceof RelationError)) throw error;
        errors.add(field.name, error.message);
      }
    }
    tags = await this.tagChanges(db, resource, data, tags, id === null, errors);

    if (id === null) this.applyDefaults(resource, input, changes, context);
    if (existing) this.checkCreateOnly(resource, existing, changes, errors);
    const row = { ...(existing ?? {}), ...changes };
    await this.checkGenericRelations(db, resource, row, errors);
    if (resource.tree && id !== null) {
      const parentColumn = resource.fields.find((f) => f.name === resource.tree!.parent)!.column!;
      const parent = row[parentColumn];
      if (parent !== null && parent !== undefined && (await wouldCycle(db, resource, id, Number(parent)))) errors.add(resource.tree.parent, `Cannot assign self or child ${resource.verboseName} as parent.`);
    }
    if (errors.empty) await checkUniques(db, resource, row, id, errors);
    if (!errors.empty) throw new ValidationFailed(errors.errors);

    const objectId = await this.persist(db, resource, changes, id);
    if (resource.tree) await updateTreePath(db, resource, objectId);
    for (const [field, ids] of links) await this.setLinks(db, field, objectId, ids);
    await this.applyTags(db, resource, objectId, tags);
    return objectId;
  }

  private target(field: Field): Resource {
    return this.registry.get(field.target!).resource;
  }

  private customFields(value: Record<string, unknown>, errors: ErrorCollector): void {
    // No custom fields are defined in this slice, so any name is unknown (NetBox's message).
    for (const name of Object.keys(value)) errors.add('custom_fields', `Custom field '${name}' does not exist for this object type.`);
  }

  /** A generic relation's type and id go together, and must name an existing object. */
  private async checkGenericRelations(db: Queryable, resource: Resource, row: Record<string, unknown>, errors: ErrorCollector): Promise<void> {
    for (const field of resource.fields) {
      if (field.kind !== 'generic_fk') continue;
      const { typeField, idField } = field.generic!;
      if (errors.errors[typeField] || errors.errors[idField]) continue;
      const type = row[typeField];
      const objectId = row[idField];
      if ((type === null || type === undefined) !== (objectId === null || objectId === undefined)) {
        errors.add(type === null || type === undefined ? typeField : idField, 'This field is required.');
        continue;
      }
      if (type === null || type === undefined) continue;
      const target = this.registry.byObjectType.get(String(type))!.resource;
      const found = await db.query(`SELECT 1 FROM ${q(target.table)} WHERE id = $1`, [objectId]);
      if (!found.length) errors.add(idField, `Related object not found using the provided numeric ID: ${objectId}`);
    }
  }

  /** Fields fixed after create with a message: a different value is refused (an unchanged one passes). */
  private checkCreateOnly(resource: Resource, existing: Record<string, unknown>, changes: Record<string, unknown>, errors: ErrorCollector): void {
    for (const f of resource.fields) {
      if (typeof f.createOnly !== 'string' || !f.column || !(f.column in changes)) continue;
      if (String(changes[f.column] ?? '') !== String(existing[f.column] ?? '')) errors.add(f.name, f.createOnly);
    }
  }

  private applyDefaults(resource: Resource, input: Record<string, unknown>, row: Record<string, unknown>, context: WriteContext): void {
    for (const f of resource.fields) {
      // A read-only field's default applies even when the client sent it (DRF ignores the value).
      const given = !f.readOnly && f.name in input;
      if (!f.column || given || row[f.column] !== undefined || f.kind === 'id' || f.kind === 'depth') continue;
      if (f.kind === 'custom_fields') row[f.column] = {};
      else if (f.kind === 'string_list' || f.kind === 'ip_network_list') row[f.column] = f.default ?? [];
      else if (f.kind === 'json') row[f.column] = f.default;
      else if (f.kind === 'datetime' && f.default === 'now') row[f.column] = new Date().toISOString();
      else if (f.default === 'current_user') row[f.column] = context.userId;
      else if (f.default !== null) row[f.column] = f.default;
      else if (f.nullable || f.readOnly) row[f.column] = null;
    }
  }

  private async persist(db: Queryable, resource: Resource, row: Record<string, unknown>, id: number | null): Promise<number> {
    const columns = resource.fields.filter((f) => f.column && f.kind !== 'id' && f.kind !== 'depth' && row[f.column] !== undefined).map((f) => f.column!);
    const values = columns.map((c) => row[c]);
    const stamps = resource.changeLogged ? (id === null ? ['created', 'last_updated'] : ['last_updated']) : [];
    const writable = columns.filter((c) => !stamps.includes(c));
    const writableValues = writable.map((c) => values[columns.indexOf(c)]);
    if (id === null) {
      const names = [...writable, ...stamps].map(q).join(', ');
      const placeholders = [...writable.map((_, i) => `$${i + 1}`), ...stamps.map(() => 'now()')].join(', ');
      const [inserted] = await db.query<{ id: number }>(`INSERT INTO ${q(resource.table)} (${names}) VALUES (${placeholders}) RETURNING id`, writableValues);
      return Number(inserted.id);
    }
    const sets = [...writable.map((c, i) => `${q(c)} = $${i + 2}`), ...stamps.map((c) => `${q(c)} = now()`)];
    if (sets.length) await db.query(`UPDATE ${q(resource.table)} SET ${sets.join(', ')} WHERE id = $1`, [id, ...writableValues]);
    return id;
  }

  private async setLinks(db: Queryable, field: Field, id: number, ids: number[]): Promise<void> {
    const link = field.link!;
    await db.query(`DELETE FROM ${q(link.table)} WHERE ${q(link.source)} = $1`, [id]);
    if (ids.length) await db.query(`INSERT INTO ${q(link.table)} (${q(link.source)}, ${q(link.target)}) SELECT $1, unnest($2::int[])`, [id, ids]);
  }

  private async tagChanges(db: Queryable, resource: Resource, data: Record<string, unknown>, tags: { set?: number[] }, creating: boolean, errors: ErrorCollector) {
    const tagField = resource.fields.find((f) => f.kind === 'tags');
    if (!tagField) return tags;
    const out: { set?: number[]; add?: number[]; remove?: number[] } = { ...tags };
    for (const key of ['add_tags', 'remove_tags'] as const) {
      if (!(key in data)) continue;
      if ('tags' in data) {
        errors.add(key, `Cannot specify both tags and ${key}.`);
        continue;
      }
      if (key === 'remove_tags' && creating) {
        errors.add(key, 'Tags cannot be removed from an object that is being created.');
        continue;
      }
      try {
        out[key === 'add_tags' ? 'add' : 'remove'] = await resolveRelationList(db, this.registry, this.target(tagField), data[key] as RelationRef[]);
      } catch (error) {
        if (!(error instanceof RelationError)) throw error;
        errors.add(key, error.message);
      }
    }
    if (out.add && out.remove && out.add.some((t) => out.remove!.includes(t))) errors.add('non_field_errors', 'The same tag cannot be both added and removed.');
    return out;
  }

  private async applyTags(db: Queryable, resource: Resource, id: number, tags: { set?: number[]; add?: number[]; remove?: number[] }): Promise<void> {
    const type = resource.objectType;
    const { table, objectId, tagId } = this.registry.tagLink;
    const [t, o, g] = [q(table), q(objectId), q(tagId)];
    if (tags.set) await db.query(`DELETE FROM ${t} WHERE object_type = $1 AND ${o} = $2`, [type, id]);
    if (tags.remove?.length) await db.query(`DELETE FROM ${t} WHERE object_type = $1 AND ${o} = $2 AND ${g} = ANY($3::int[])`, [type, id, tags.remove]);
    const add = [...(tags.set ?? []), ...(tags.add ?? [])];
    if (add.length) {
      await db.query(
        `INSERT INTO ${t} (${g}, object_type, ${o}) SELECT unnest($1::int[]), $2, $3 ON CONFLICT DO NOTHING`,
        [add, type, id],
      );
    }
  }
}
