/**
 * @module
 * zod issues as NetBox's `{"field": ["message"]}` bodies: list items (DRF's ListField) under their
 * index, `{"allowed_ips": {"1": ["…"]}}`.
 */
import type { z } from 'zod';
import type { ErrorCollector, FieldErrors } from './errors.ts';

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
