/**
 * @module
 * The generated table's entries with every default filled in: what the generator's emitters and
 * the runtime's engine both work on. runtime/kinds turns compact entries into these and back.
 */
import type { FieldEntry, FilterEntry, OperationEntry, ResourceEntry, RouteSet, SearchEntry, UniqueEntry } from './inventory.ts';

type Filled<T, K extends keyof T> = Omit<T, K> & Required<Pick<T, K>>;

export type Field = Filled<FieldEntry, 'column' | 'required' | 'nullable' | 'readOnly' | 'writeOnly' | 'label' | 'orderable' | 'createOnly'> & { default: unknown };

export type Filter = Filled<FilterEntry, 'path' | 'lookups'>;

export interface Resource extends Omit<ResourceEntry, 'fields' | 'filters' | 'nested' | 'unique' | 'search' | 'tree' | 'changeLogged' | 'routes' | 'operations'> {
  fields: Field[];
  filters: Filter[];
  nested: string[];
  unique: UniqueEntry[];
  search: SearchEntry[];
  tree: boolean;
  changeLogged: boolean;
  routes: RouteSet;
  operations: OperationEntry[];
}
