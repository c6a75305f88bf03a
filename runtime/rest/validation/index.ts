/**
 * @module
 * Request validation: the field validators generated code composes, and the mapping of zod
 * issues to NetBox's `{"field": ["message"]}` bodies.
 */
import type { z } from 'zod';
import type { FieldErrors } from '../errors.ts';
export * as v from './fields.ts';
export type { ResourceSchema, RelationRef } from './fields.ts';

export function zodErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'non_field_errors');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
