/**
 * @module
 * How a filter path steps through each shape of relation (RelationCapabilities.hop), as one
 * `IN (SELECT …)` condition on the holder's row: through the row's own column (fk), through a
 * link table (m2m, tags), or back through the target's reference to the row (reverse,
 * related_list, including a generic one). Kept apart so that the relation kinds share them.
 */
import type { Field, Resource } from '../../contract/index.ts';
import { sqlIdentifier as ident, sqlString as text } from '../sqlText.ts';
import type { HopContext, LinkRows } from './types.ts';


/** The rows whose column (`field`'s value) holds the id of a matching target row. */
export function columnHop(field: Field, resource: Resource, alias: string, target: Resource, n: string, inner: string, ctx: HopContext): string {
  return `${ctx.value(resource, field, alias)} IN (SELECT ${n}.id FROM ${ident(target.table)} ${n} WHERE ${inner})`;
}

/** The rows a link table ties to a matching target row (for a shared table, among the holder type's links). */
export function linkHop(link: LinkRows, alias: string, target: Resource, n: string, inner: string, ctx: HopContext): string {
  const l = ctx.alias();
  const type = link.holderType ? `${l}.${ident(link.holderType.column)} = ${text(link.holderType.value)} AND ` : '';
  return `${alias}.id IN (SELECT ${l}.${ident(link.source)} FROM ${ident(link.table)} ${l} JOIN ${ident(target.table)} ${n} ON ${n}.id = ${l}.${ident(link.target)} WHERE ${type}${inner})`;
}

/**
 * The rows some matching target row points at through its reference `field.field`: an fk's
 * column, or a generic relation's pair naming the holder's type (a site's contact assignments).
 */
export function reverseHop(field: Field, resource: Resource, alias: string, target: Resource, n: string, inner: string, ctx: HopContext): string {
  const back = ctx.heldReference(target, field.field!, n);
  const type = back.type ? `${back.type} = ${text(resource.objectType)} AND ` : '';
  return `${alias}.id IN (SELECT ${back.id} FROM ${ident(target.table)} ${n} WHERE ${type}${inner})`;
}
