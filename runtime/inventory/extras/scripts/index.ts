/**
 * @module
 * Custom scripts (NetBox's extras.scripts): JavaScript modules uploaded through the API and kept in
 * the database (uploadOperation.ts), their scripts listed by the engine, read and run by hand
 * (runOperation.ts) as jobs of the queue (runJob.ts) on bounded worker threads (inThread.ts) whose
 * API calls the server runs in the job's one transaction (apiBridge.ts).
 */
import type { SqlExpression } from '../../../rest/index.ts';
import type { AppRules } from '../../appRules.ts';
import { RUN_SCRIPT, runScriptTask } from './runJob.ts';
import { scriptDetail, scriptRun } from './runOperation.ts';
import { scriptModuleUpdate, scriptUpload } from './uploadOperation.ts';

/** Script.__str__ and its module's python name: `name (module)`. */
const scriptDisplay: SqlExpression = (t) => `concat(${t}.name, ' (', (SELECT regexp_replace(m.file_path, '\\.m?js$', '') FROM extras_script_module m WHERE m.id = ${t}.module), ')')`;

/** The script's last job (Script.result). */
const scriptResult: SqlExpression = (t) => `(SELECT j.id FROM core_job j WHERE j.object_type = 'extras.script' AND j.object_id = ${t}.id ORDER BY j.created DESC, j.id DESC LIMIT 1)`;

export { enqueueScriptRun, RUN_SCRIPT, type RunScriptData } from './runJob.ts';

export const scripts: AppRules = {
  expressions: { script: scriptDisplay, script_result: scriptResult },
  operations: { 'script-detail': scriptDetail, 'script-run': scriptRun, 'script-upload': scriptUpload, 'script-module-update': scriptModuleUpdate },
  tasks: { [RUN_SCRIPT]: runScriptTask },
};
