/**
 * @module
 * Request validation: the field validators generated code composes, and the mapping of zod
 * issues to NetBox's `{"field": ["message"]}` bodies.
 */
import type { z } from 'zod';
import type { ErrorCollector, FieldErrors } from '../errors.ts';
export * as v from './fields.ts';
export type { ResourceSchema, RelationRef } from './fields.ts';
export { containsNul, INT4, NULL_CHARACTERS } from './fields.ts';

/**
 * Issue messages by field. An issue with a second path element (a list item) is kept under that
 * index, as DRF's ListField reports it: `{"allowed_ips": {"1": ["…"]}}`.
 */
export function zodErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'non_field_errors');
    if (issue.path.length > 1) {
      const items = (out[key] ??= {}) as Record<string, string[]>;
      (items[String(issue.path[1])] ??= []).push(issue.message);
    } else ((out[key] ??= []) as string[]).push(issue.message);
  }
  return out;
}

/** Reports the issues of one field's schema under `field` (item issues under their index). */
export function collectFieldIssues(error: z.ZodError, field: string, errors: ErrorCollector): void {
  for (const issue of error.issues) {
    if (issue.path.length) errors.addItem(field, String(issue.path[0]), issue.message);
    else errors.add(field, issue.message);
  }
}
