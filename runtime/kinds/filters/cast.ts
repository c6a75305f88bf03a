/**
 * @module
 * The PostgreSQL types filter and constraint values are compared as: a module of its own, so that
 * field kinds (FieldKind.cast) and filter kinds both name it without importing each other.
 */

/** PostgreSQL type the values are cast to (the column is compared as text for `text`). */
export type Cast = 'text' | 'numeric' | 'integer' | 'boolean' | 'date' | 'timestamptz' | 'inet' | 'cidr';
