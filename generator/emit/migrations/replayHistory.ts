/**
 * @module
 * The replay half of `--check`: the migrations, in the order the server applies them, replayed
 * onto an empty schema model, then compared with the model of schema.sql (the definitions'
 * schema). A migration that cannot apply, or a history that does not lead to the definitions'
 * schema, is a diagnostic naming the file and the fix.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { GeneratedFile } from '../../files.ts';
import { HISTORY_FILE } from '../../load/readPreviousMigrations.ts';
import { compareSchemas } from './compareSchemas.ts';
import { emptyModel, replaySql, ReplayError, type SchemaModel } from './replay.ts';
import { MIGRATION_COMMAND, type HistoryFiles } from './verifyHistory.ts';

/** How many differences a diagnostic lists before "and N more". */
const SHOWN = 3;

function replayFile(model: SchemaModel, file: GeneratedFile, fix: string): Diagnostic | null {
  try {
    replaySql(model, file.contents);
    return null;
  } catch (error) {
    if (!(error instanceof ReplayError)) throw error;
    const { line, col } = error.statement;
    return { file: `generated/${file.path}`, line, col, code: 'E_MIGRATION_REPLAY', message: `${error.message}; ${fix}` };
  }
}

export function replayDiagnostics(history: HistoryFiles, schema: GeneratedFile | undefined): Diagnostic[] {
  const replayed = emptyModel();
  for (const file of history.migrations) {
    const failure = replayFile(replayed, file, `the history cannot be applied to an empty database: delete the migration that is not committed, or run \`${MIGRATION_COMMAND}\` to fold it`);
    if (failure) return [failure];
  }
  if (!schema) return [];
  const wanted = emptyModel();
  const failure = replayFile(wanted, schema, 'schema.sql is written by the generator: report this as a bug');
  if (failure) return [failure];
  const differences = compareSchemas(replayed, wanted);
  if (!differences.length) return [];
  const listed = differences.slice(0, SHOWN).join('; ') + (differences.length > SHOWN ? `; and ${differences.length - SHOWN} more` : '');
  return [
    {
      file: `generated/${HISTORY_FILE}`,
      line: 1,
      col: 1,
      code: 'E_MIGRATION_NEEDED',
      message: `the definitions' schema differs from what the migration history leads to (${listed}); run \`${MIGRATION_COMMAND}\` to write the migration`,
    },
  ];
}
