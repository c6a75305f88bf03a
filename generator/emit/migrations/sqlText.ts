/**
 * @module
 * Reading the pieces of DDL text the replay needs: identifiers (`"public"."name"` → `name`), lists
 * split at top-level commas, column definitions taken apart, and a whitespace-insensitive form
 * for comparing definitions.
 */
import type { Column } from './schemaModel.ts';

/** Whitespace-insensitive form of SQL text (for comparing definitions written two ways). */
export function normalize(sql: string): string {
  return sql
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),])\s*/g, '$1')
    .trim();
}

export const IDENT = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`;
export const QUALIFIED = String.raw`${IDENT}(?:\s*\.\s*${IDENT})?`;

/** `"public"."name"`, `"name"` or `name` → `name` (the model has one schema, public). */
export function identifier(text: string): string {
  const parts = text.split(/\s*\.\s*(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((p) => (p.startsWith('"') ? p.slice(1, -1).replace(/""/g, '"') : p.toLowerCase()));
  return parts.length > 1 && parts[0] === 'public' ? parts.slice(1).join('.') : parts.join('.');
}

/** Splits on commas outside parentheses and quotes. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

const COLUMN_KEYWORDS = String.raw`(?:NOT\s+NULL|NULL|PRIMARY\s+KEY|DEFAULT|GENERATED|UNIQUE|CHECK|REFERENCES|CONSTRAINT|COLLATE)\b`;

/** A column definition after its name: `varchar(50) DEFAULT 'x' NOT NULL`. */
export function parseColumn(definition: string): Column {
  let rest = ` ${definition} `;
  const notNull = /\sNOT\s+NULL\s/i.test(rest);
  rest = rest.replace(/\sNOT\s+NULL(?=\s)/gi, ' ').replace(/\sNULL(?=\s)/gi, ' ');
  let defaultValue: string | null = null;
  const def = new RegExp(String.raw`\sDEFAULT\s+(.+?)(?=\s+${COLUMN_KEYWORDS}|\s*$)`, 'is').exec(rest);
  if (def) {
    defaultValue = normalize(def[1]);
    rest = rest.slice(0, def.index) + rest.slice(def.index + def[0].length);
  }
  const keyword = new RegExp(String.raw`\s${COLUMN_KEYWORDS}`, 'i').exec(rest);
  const type = keyword ? rest.slice(0, keyword.index) : rest;
  return { type: normalize(type), notNull, default: defaultValue, rest: normalize(keyword ? rest.slice(keyword.index) : '') };
}
