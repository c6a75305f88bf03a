/**
 * @module
 * Creating and updating objects inside a transaction, a whole batch at a time: each field kind
 * validates and stages its input, the references of every item are resolved together, the
 * model's rules (runtime/inventory) check the batch, uniqueness is checked per constraint, and the
 * rows are written set-based. Errors are collected per object and thrown as NetBox's 400 body (a
 * list for bulk requests, always the same length as the request).
 */
import type { ZodType } from 'zod';
import { withCurrentNames, type Field, type Resource } from '../../contract/index.ts';
import type { Queryable } from '../../db/index.ts';
import { CHANGELOG_MESSAGE, changelogMessage, type ChangeLog } from '../changes/index.ts';
import { customFieldsField, fieldKind, type RelationRef, type StageContext } from '../../kinds/index.ts';
import type { RequestContext } from '../context.ts';
import { fieldErrorsFromDatabase } from '../databaseErrors.ts';
import { expectedDictionary, notFound, type FieldErrors } from '../errors.ts';
import type { CustomFieldSource, ModelRules } from '../extensions.ts';
import { q, type SelectBuilder } from '../query/select.ts';
import type { Registry } from '../registry.ts';
import { Restrictions } from '../restrictions.ts';
import { collectFieldIssues } from '../validation.ts';
import { unrecorded, WriteItem, type Row, type WriteBatch, type WriteMode } from './batch.ts';
import { checkCustomFieldData, defaultCustomFields } from './customFields.ts';
import { displaysOf } from './displays.ts';
import { persist } from './persist.ts';
import { ReferenceResolver } from './resolve.ts';
import { cyclicMoves } from './tree.ts';
import { checkUniques } from './uniques.ts';

export class ValidationFailed extends Error {
  constructor(readonly errors: FieldErrors | FieldErrors[]) {
    super('validation failed');
  }
}

/** What the writer needs from outside the REST conventions. */
export interface WriterHooks {
  /** Turns a `password` field's value into what is stored (never the plaintext), off the event loop. */
  hashPassword(password: string): Promise<string>;
}

export interface WriterOptions {
  /** Accept each resource's `legacyNames` for the current names (LEGACY_FIELD_NAMES). */
  legacyFieldNames?: boolean;
  /** Records every write of a change-logged resource; none when change logging is off. */
  changeLog?: ChangeLog | null;
  /** Where the definitions of custom fields come from (none: no custom field exists). */
  customFields?: CustomFieldSource;
}

/** One request key and the field (and validator) it belongs to. */
interface Input {
  key: string;
  field: Field;
  validator: ZodType;
}

export class Writer {
  private readonly inputs = new Map<string, Input[]>();
  private readonly resolver: ReferenceResolver;
  private readonly restrictions: Restrictions;

  constructor(
    private readonly registry: Registry,
    private readonly select: SelectBuilder,
    private readonly rules: Record<string, ModelRules>,
    private readonly hooks: WriterHooks,
    private readonly options: WriterOptions = {},
  ) {
    this.resolver = new ReferenceResolver(registry, select);
    this.restrictions = new Restrictions(registry, select, rules);
  }

  /** The request keys a resource accepts, each with its kind's validator (built once per resource). */
  private inputsOf(resource: Resource): Input[] {
    let inputs = this.inputs.get(resource.key);
    if (!inputs) {
      inputs = resource.fields
        .filter((f) => !f.readOnly)
        .flatMap((field) => Object.entries(fieldKind(field.kind).validators?.(field, this.registry) ?? {}).map(([key, validator]) => ({ key, field, validator })));
      this.inputs.set(resource.key, inputs);
    }
    return inputs;
  }

  /**
   * Validates and writes `bodies` (one per object; `ids[i]` is the object updated, or null to
   * create); returns the ids written, in order. Throws ValidationFailed with per-object errors
   * (a single dict when `single`), or 404 when an object to update is gone.
   */
  async write(tx: Queryable, resource: Resource, bodies: unknown[], mode: WriteMode, ids: (number | null)[], ctx: RequestContext, single: boolean): Promise<number[]> {
    const recording = this.options.changeLog?.records(resource) ? this.options.changeLog : null;
    const prechange = new Map<number, unknown>();
    const existing = await this.lockedRows(tx, resource, ids.filter((id): id is number => id !== null), recording ? prechange : null);
    const items = bodies.map((body, i) => {
      const id = ids[i];
      const row = id === null ? null : existing.get(id);
      // Deleted by a concurrent request since the caller found it.
      if (row === undefined) throw notFound(resource.model);
      const given = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      const input = this.options.legacyFieldNames ? withCurrentNames(resource.legacyNames, given, this.registry.legacyGenerics(resource)) : given;
      const item = new WriteItem(i, input, id, row);
      if (given !== body) item.error('non_field_errors', expectedDictionary(body));
      return item;
    });
    const displays = (key: string, ids: unknown[]) => displaysOf(tx, this.select, this.registry.resource(key), ids);
    const changes = this.options.changeLog?.recorder(tx, ctx) ?? unrecorded;
    const batch: WriteBatch = { resource, mode, items, tx, ctx, registry: this.registry, displays, changes, constraintError: (type, constraints) => this.restrictions.constraintError(type, constraints) };
    await this.assemble(batch);
    const rules = this.rules[resource.key];
    if (items.every((i) => i.errors.empty)) await rules?.clean?.(batch);
    if (items.every((i) => i.errors.empty)) await checkUniques(tx, resource, items);
    this.throwErrors(items, single);
    await rules?.beforeSave?.(batch);
    await this.persistReportingItems(tx, resource, items, single);
    await rules?.afterSave?.(batch);
    await recording?.recordWrites(tx, resource, items.map((i) => ({ id: i.id!, prechange: prechange.get(i.id!) ?? null, message: i.changelogMessage })), ctx);
    return items.map((i) => i.id!);
  }

  /** The rows updated, locked; with `prechange`, their change-log snapshots are taken by the same statement. */
  private async lockedRows(tx: Queryable, resource: Resource, ids: number[], prechange: Map<number, unknown> | null): Promise<Map<number, Row>> {
    if (!ids.length) return new Map();
    const snapshot = prechange ? `, ${this.options.changeLog!.snapshots.sql(resource, 't')} AS __prechange` : '';
    const rows = await tx.query(`SELECT t.*${snapshot} FROM ${q(resource.table)} t WHERE t.id = ANY($1::int[]) ORDER BY t.id FOR UPDATE OF t`, [ids]);
    return new Map(
      rows.map(({ __prechange, ...row }) => {
        prechange?.set(Number(row.id), __prechange);
        return [Number(row.id), row];
      }),
    );
  }

  /** Parses, resolves and stages every item's input; fills defaults; checks required, fixed and generic fields. */
  private async assemble(batch: WriteBatch): Promise<void> {
    const { resource, items, mode, tx, ctx } = batch;
    const inputs = this.inputsOf(resource);
    // Each key is parsed on its own so that one bad field does not hide the others' errors.
    for (const item of items) {
      if (!item.errors.empty) continue;
      const message = changelogMessage(item.input);
      if ('error' in message) item.error(CHANGELOG_MESSAGE, message.error);
      else item.changelogMessage = message.message;
      for (const { key, validator } of inputs) {
        if (!(key in item.input)) continue;
        const parsed = validator.safeParse(item.input[key]);
        if (parsed.success) item.data[key] = parsed.data;
        else collectFieldIssues(parsed.error, key, item.errors);
      }
      if (mode !== 'partial') {
        for (const f of resource.fields) if (f.required && !f.readOnly && !(f.name in item.input)) item.error(f.name, 'This field is required.');
      }
    }
    const references = new Map<string, RelationRef[]>();
    for (const item of items) {
      for (const { key, field } of inputs) {
        if (!(key in item.data) || item.errors.errors[key]) continue;
        const found = fieldKind(field.kind).references?.(field, key, item.data[key]);
        if (found) references.set(found.target, [...(references.get(found.target) ?? []), ...found.refs]);
      }
    }
    const resolution = await this.resolver.resolve(tx, references, (target, alias, params) => this.restrictions.condition(target, alias, params, ctx, 'view'));
    // Definitions are read in the write's transaction: a field added a moment ago already counts.
    const customField = customFieldsField(resource);
    const customFields = customField && this.options.customFields ? await this.options.customFields.load(tx, resource, this.registry) : null;
    const stage: StageContext = {
      resource: (k) => this.registry.resource(k),
      choiceSet: (n) => this.registry.choiceSet(n),
      resolved: resolution,
      hashPassword: this.hooks.hashPassword,
      customFields: () => customFields,
    };
    // Stagings that wait (password hashes, on the thread pool) run together; defaults come after them.
    const staging: Promise<void>[] = [];
    for (const item of items) {
      for (const { key, field } of inputs) {
        if (!(key in item.data) || item.errors.errors[key]) continue;
        // A field fixed after create keeps its value, as DRF ignores a read-only field.
        if (!item.creating && field.createOnly === true) continue;
        const staged = fieldKind(field.kind).stage?.(field, key, item.data[key], item, stage);
        if (staged) staging.push(staged);
      }
    }
    await Promise.all(staging);
    for (const item of items) {
      if (item.creating) this.applyDefaults(resource, item, ctx);
      else this.checkCreateOnly(resource, item);
    }
    if (customField && customFields) {
      defaultCustomFields(customField, customFields, items);
      await checkCustomFieldData(tx, this.registry, resource, customField, customFields, items);
    }
    await this.checkGenericRelations(tx, resource, items);
    const cyclic = this.rules[resource.key]?.cyclicParent ?? (() => `Cannot assign self or child ${resource.verboseName} as parent.`);
    if (resource.tree) for (const item of await cyclicMoves(tx, resource, items)) item.error('parent', cyclic(item));
  }

  /** Fields fixed after create with a message: a different value is refused (an unchanged one passes). */
  private checkCreateOnly(resource: Resource, item: WriteItem): void {
    for (const f of resource.fields) {
      if (typeof f.createOnly !== 'string' || !f.column || !(f.column in item.columns)) continue;
      if (String(item.columns[f.column] ?? '') !== String(item.existing?.[f.column] ?? '')) item.error(f.name, f.createOnly);
    }
  }

  private applyDefaults(resource: Resource, item: WriteItem, ctx: RequestContext): void {
    for (const f of resource.fields) {
      if (!f.column || f.column in item.columns || fieldKind(f.kind).computedByDatabase || f.expression) continue;
      if (f.default === 'now') item.columns[f.column] = new Date().toISOString();
      else if (f.default === 'current_user') item.columns[f.column] = ctx.caller?.userId ?? null;
      else if (f.default !== null && f.default !== undefined) item.columns[f.column] = f.default;
      else if (f.nullable || f.readOnly) item.columns[f.column] = null;
    }
  }

  /**
   * A generic relation's type and id go together, and must name an existing object (one query per
   * type), with the words of NetBox's BaseModel.clean(); a model whose serializer checks the object
   * first answers in its own (`ModelRules.genericObjectMissing`).
   */
  private async checkGenericRelations(tx: Queryable, resource: Resource, items: WriteItem[]): Promise<void> {
    for (const field of resource.fields) {
      // A relation whose row names the target's type: a generic one.
      const held = fieldKind(field.kind).relation?.held?.(field);
      if (!held?.type) continue;
      const [typeField, idField] = [held.type, held.id];
      const [typeColumn, idColumn] = [typeField, idField].map((n) => this.registry.field(resource, n)!.column!);
      const wanted = new Map<string, WriteItem[]>();
      for (const item of items) {
        if (item.errors.errors[typeField] || item.errors.errors[idField]) continue;
        const type = item.value(typeColumn);
        const id = item.value(idColumn);
        if ((type === null || type === undefined) !== (id === null || id === undefined)) {
          const missing = type === null || type === undefined ? 'type' : 'id';
          const named = missing === 'id' ? this.registry.byObjectType.get(String(type))?.resource : undefined;
          const target = named && field.generic!.targets.includes(named.key) ? named : undefined;
          if (this.rules[resource.key]?.genericHalfPair?.(item, field, missing, target)) continue;
          item.error(missing === 'type' ? typeField : idField, 'This field cannot be null.');
        } else if (type !== null && type !== undefined) wanted.set(String(type), [...(wanted.get(String(type)) ?? []), item]);
      }
      const refuse = this.rules[resource.key]?.genericTypeRefused;
      for (const [type, group] of wanted) {
        const target = this.registry.byObjectType.get(type)?.resource;
        const isTarget = !!target && field.generic!.targets.includes(target.key);
        if (!target || (!isTarget && !refuse)) {
          for (const item of group) item.error(typeField, `Invalid content type: ${type}`);
          continue;
        }
        const rows = await tx.query<{ id: number }>(`SELECT id FROM ${q(target.table)} WHERE id = ANY($1::int[])`, [group.map((item) => item.value(idColumn))]);
        const found = new Set(rows.map((r) => Number(r.id)));
        const own = this.rules[resource.key]?.genericObjectMissing;
        for (const item of group) {
          if (found.has(Number(item.value(idColumn)))) {
            // BaseModel.clean() finds the object before the model's own check of its type.
            if (!isTarget) refuse!(item, target);
            continue;
          }
          if (!own?.(item, target, item.value(idColumn))) item.error(idField, `Related object not found using the provided value: ${item.value(idColumn)}.`);
        }
      }
    }
  }

  private throwErrors(items: WriteItem[], single: boolean): void {
    if (items.every((i) => i.errors.empty)) return;
    throw new ValidationFailed(single ? items[0].errors.errors : items.map((i) => i.errors.errors));
  }

  /**
   * Writes the batch set-based. Should a database constraint still refuse it (a unique index hit
   * by a concurrent write), the batch is written again object by object, each in a savepoint, to
   * report the error in the right object's slot.
   */
  private async persistReportingItems(tx: Queryable, resource: Resource, items: WriteItem[], single: boolean): Promise<void> {
    if (single) return persist(tx, this.registry, resource, items);
    await tx.query('SAVEPOINT batch');
    try {
      await persist(tx, this.registry, resource, items);
      await tx.query('RELEASE SAVEPOINT batch');
      return;
    } catch (error) {
      if (!fieldErrorsFromDatabase(error, this.registry)) throw error;
      await tx.query('ROLLBACK TO SAVEPOINT batch');
    }
    const errors: FieldErrors[] = [];
    for (const item of items) {
      if (item.creating) item.id = null;
      await tx.query('SAVEPOINT item');
      try {
        await persist(tx, this.registry, resource, [item]);
        await tx.query('RELEASE SAVEPOINT item');
        errors.push({});
      } catch (error) {
        const mapped = fieldErrorsFromDatabase(error, this.registry);
        if (!mapped) throw error;
        await tx.query('ROLLBACK TO SAVEPOINT item');
        errors.push(mapped);
      }
    }
    if (errors.some((e) => Object.keys(e).length)) throw new ValidationFailed(errors);
  }
}
