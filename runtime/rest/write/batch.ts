/**
 * @module
 * A write in progress: the objects of one request (one, or a bulk list), each with its parsed
 * input, the row it updates, the columns, links and tags it will write and its errors. Lifecycle
 * hooks (runtime/inventory) receive the whole batch.
 */
import type { Resource } from '../../contract/index.ts';
import type { Queryable } from '../../db/index.ts';
import type { StagedItem } from '../../kinds/index.ts';
import type { RequestContext } from '../context.ts';
import { ErrorCollector } from '../errors.ts';
import type { Registry } from '../registry.ts';

export type Row = Record<string, unknown>;
export type WriteMode = 'create' | 'update' | 'partial';

export class WriteItem implements StagedItem {
  readonly columns: Record<string, unknown> = {};
  readonly links = new Map<string, number[]>();
  readonly tags: StagedItem['tags'] = {};
  readonly extras = new Map<string, unknown>();
  readonly errors = new ErrorCollector();
  /** Parsed inputs by request key. */
  readonly data: Record<string, unknown> = {};
  /** The body's `changelog_message`, recorded with the change. */
  changelogMessage: string | null = null;

  constructor(
    /** Position in the request (bulk errors are reported by position). */
    readonly index: number,
    /** The request object as sent. */
    readonly input: Record<string, unknown>,
    /** The id of the object updated, or null when it is created; set once it is written. */
    public id: number | null,
    /** The locked row being updated (column → value), or null on create. */
    readonly existing: Row | null,
  ) {}

  get creating(): boolean {
    return this.existing === null;
  }

  error(field: string, message: string): void {
    this.errors.add(field, message);
  }

  errorDetail(field: string, key: string, message: string): void {
    this.errors.addDetail(field, key, message);
  }

  errorItem(field: string, index: number, message: string): void {
    this.errors.addItem(field, index, message);
  }

  /** The object's column values after the write: the stored row with the changes applied. */
  row(): Row {
    return { ...(this.existing ?? {}), ...this.columns };
  }

  /** The value a column will have after the write. */
  value(column: string): unknown {
    return column in this.columns ? this.columns[column] : this.existing?.[column];
  }
}

/**
 * What model rules use to record the writes they make to other objects, which NetBox records as
 * those objects' own saves (a cable's termination rows, the interfaces it connects).
 */
export interface ChangeRecorder {
  /** Records rows just inserted (`unlinked`: with no tags nor many-to-many links, whose snapshot lists are then `[]` without a look-up). */
  created(resourceKey: string, ids: number[], options?: { unlinked?: boolean }): Promise<void>;
  /** Records rows about to be deleted (call before the DELETE). */
  deleting(resourceKey: string, ids: number[]): Promise<void>;
  /** Runs `change` on rows, recording each row it changed. */
  updating(resourceKey: string, ids: number[], change: () => Promise<void>): Promise<void>;
}

/** The recorder when change logging is off. */
export const unrecorded: ChangeRecorder = { created: async () => {}, deleting: async () => {}, updating: async (_k, _i, change) => change() };

export interface WriteBatch {
  resource: Resource;
  mode: WriteMode;
  items: WriteItem[];
  tx: Queryable;
  ctx: RequestContext;
  registry: Registry;
  /** The `display` strings of objects of the resource `key` by id, for messages quoting them: one query. */
  displays(key: string, ids: unknown[]): Promise<Map<number, string>>;
  /** Records in the change log what a rule writes to other objects (their own saves in NetBox). */
  changes: ChangeRecorder;
  /** Why permission `constraints` cannot apply to objects of `objectType` (a missing field, a bad value), or null when they can. */
  constraintError(objectType: string, constraints: unknown): string | null;
}
