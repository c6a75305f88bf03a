/**
 * @module
 * Change logging: the records (changeLog.ts), the snapshots they hold (snapshot.ts) and the
 * `changelog_message` a body may carry (message.ts).
 */
export { ChangeLog, OBJECT_CHANGES, pruneChanges, type WrittenObject } from './changeLog.ts';
export { changelogMessage, CHANGELOG_MESSAGE } from './message.ts';
