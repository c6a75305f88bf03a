/**
 * @module
 * `GET /api/extras/custom-field-choice-sets/{id}/choices/` (handler `custom-field-choices`): the
 * set's choices as a paginated envelope of `{id: value, display: label}`, `?q=` matching value or
 * label case-insensitively (NetBox's CustomFieldChoiceSetViewSet.choices).
 */
import type { OperationHandler } from '../../../rest/index.ts';
import { parentRow, resultsLimit } from '../../ipam/shared/availability.ts';
import { choicesOf, type ChoiceSetRow } from './choiceSets.ts';

function pageUrl(url: URL, limit: number, offset: number): string {
  const next = new URL(url);
  next.searchParams.set('limit', String(limit));
  if (offset > 0) next.searchParams.set('offset', String(offset));
  else next.searchParams.delete('offset');
  return next.toString();
}

export const customFieldChoices: OperationHandler = async (c, args) => {
  const set = (await parentRow(c, args)) as unknown as ChoiceSetRow;
  const url = new URL(c.req.url);
  const term = url.searchParams.get('q')?.trim().toLowerCase() ?? '';
  const all = choicesOf(set).filter(([value, label]) => !term || value.toLowerCase().includes(term) || label.toLowerCase().includes(term));
  const limit = resultsLimit(url.searchParams);
  const rawOffset = url.searchParams.get('offset');
  const offset = rawOffset && /^\d+$/.test(rawOffset) ? Number(rawOffset) : 0;
  const results = all.slice(offset, offset + limit).map(([value, label]) => ({ id: value, display: label }));
  return c.json({
    count: all.length,
    next: offset + limit < all.length ? pageUrl(url, limit, offset + limit) : null,
    previous: offset > 0 ? pageUrl(url, limit, Math.max(0, offset - limit)) : null,
    results,
  });
};
