/**
 * @module
 * An object's snapshot as NetBox's `serialize_object` writes it into a change record: every stored
 * model field under its name (a foreign key as the id it holds, a many-to-many field as the sorted
 * ids it links), `custom_fields`, and `tags` as the sorted tag names. Tree bookkeeping, computed
 * values and secrets are left out. Built in SQL over a row, so a whole batch is snapshotted by the
 * statement that records it.
 */
import type { Field, Resource } from '../../contract/index.ts';
import { fieldKind } from '../../kinds/index.ts';
import { literal, q } from '../query/select.ts';
import type { Registry } from '../registry.ts';

/** PostgreSQL functions take at most 100 arguments: objects are built 40 keys at a time and joined. */
const KEYS_PER_CALL = 40;

/**
 * Values as Django's JSON encoder writes them: datetimes to the millisecond with `Z`, decimals as
 * strings. jsonb_build_object converts its arguments as to_jsonb does; wrapping each in to_jsonb
 * made a second jsonb value per column and cost a fifth of a snapshot's time (npm run bench).
 */
function storedValue(sqlType: string, columnSql: string): string {
  if (sqlType === 'timestamptz') return `to_char(${columnSql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  if (sqlType === 'numeric') return `${columnSql}::text`;
  return columnSql;
}

/**
 * Whether a field belongs in a snapshot: model data NetBox serialises, not bookkeeping nor secrets
 * (its kind says, FieldKind.snapshot). A model recorded only for its audit trail (`changeRecords`:
 * a permission) also records the writable other side of a many-to-many (its groups and users),
 * whose owners are not recorded.
 */
function snapshotted(field: Field, resource: Resource): boolean {
  const snapshot = fieldKind(field.kind).snapshot;
  if (snapshot === false || field.expression) return false;
  // Hidden fields (read- and write-only) hold secrets or internals (a token's digest).
  if (field.readOnly && field.writeOnly && !snapshot?.evenHidden) return false;
  return snapshot?.recorded ? snapshot.recorded(field, resource) : Boolean(field.column);
}

export class Snapshots {
  private readonly built = new Map<string, string>();

  constructor(
    private readonly registry: Registry,
    private readonly keysPerCall = KEYS_PER_CALL,
  ) {}

  /**
   * The snapshot of the `resource` row `alias`, as a jsonb expression (cached per resource and
   * alias). `unlinked`: the row was just inserted without tags or many-to-many links, whose lists
   * are then `[]` without a look-up per row.
   */
  sql(resource: Resource, alias: string, unlinked = false): string {
    const key = `${resource.key}\u0000${alias}\u0000${unlinked}`;
    let sql = this.built.get(key);
    if (!sql) {
      sql = this.build(resource, alias, unlinked);
      this.built.set(key, sql);
    }
    return sql;
  }

  private build(resource: Resource, alias: string, unlinked: boolean): string {
    const value = (field: Field) => (unlinked && (fieldKind(field.kind).snapshot || undefined)?.linked ? `'[]'::jsonb` : this.value(resource, field, alias));
    const pairs = resource.fields.filter((field) => snapshotted(field, resource)).map((field) => `${literal(field.name)}, ${value(field)}`);
    if (!pairs.length) return `'{}'::jsonb`;
    const calls: string[] = [];
    for (let i = 0; i < pairs.length; i += this.keysPerCall) calls.push(`jsonb_build_object(${pairs.slice(i, i + this.keysPerCall).join(', ')})`);
    return calls.length === 1 ? calls[0] : `(${calls.join(' || ')})`;
  }

  private value(resource: Resource, field: Field, alias: string): string {
    const kind = fieldKind(field.kind);
    // A kind whose value is not its column's (tags, many-to-many links) builds it.
    const own = kind.snapshot ? kind.snapshot.value?.(field, resource, alias, this.registry) : undefined;
    if (own) return own;
    const spec = kind.column(field, this.registry);
    return storedValue(spec?.sqlType ?? '', `${alias}.${q(field.column!)}`);
  }
}
