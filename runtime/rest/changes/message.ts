/**
 * @module
 * `changelog_message` (NetBox 4.4+): a write-only text any create, update or delete body may carry,
 * recorded with the change it explains. Read as DRF's CharField reads it: numbers become text,
 * other non-strings and texts over 200 characters are refused.
 */
export const CHANGELOG_MESSAGE = 'changelog_message';
const MAX_LENGTH = 200;

/** The message of a body (null when none is given), or the error DRF gives for it. */
export function changelogMessage(body: unknown): { message: string | null } | { error: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !(CHANGELOG_MESSAGE in body)) return { message: null };
  const value = (body as Record<string, unknown>)[CHANGELOG_MESSAGE];
  if (value === null) return { error: 'This field may not be null.' };
  if (typeof value === 'number' && Number.isFinite(value)) return { message: String(value) };
  if (typeof value !== 'string') return { error: 'Not a valid string.' };
  if (value.length > MAX_LENGTH) return { error: `Ensure this field has no more than ${MAX_LENGTH} characters.` };
  return { message: value };
}
