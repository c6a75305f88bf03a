/**
 * @module
 * `display` of a journal entry: its creation time to the minute and its kind's label,
 * `2026-11-22 08:59 (Info)`.
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const journalDisplay: SqlExpression = (t, sql) => `concat(to_char(${t}.created AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI'), ' (', ${sql.choiceLabel('JournalEntryKindChoices', `${t}.kind`)}, ')')`;
