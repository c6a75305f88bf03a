/**
 * @module
 * `POST extras/scripts/upload/` and `PUT/PATCH extras/scripts/upload/{id or file name}/` (NetBox's
 * ScriptModuleViewSet): a JavaScript module sent as multipart `file` is imported on a bounded
 * worker thread to find its scripts (a module that fails to load is a 400 `Error loading script:
 * …`), then stored in the database with a Script row per script (ScriptModule.sync_classes():
 * scripts gone from a replaced module are deleted, or kept not executable while they have jobs).
 */
import type { Context } from 'hono';
import type { Queryable } from '../../../db/index.ts';
import { badRequest, forbidden, notFound, type OperationHandler, type Registry, type RequestContext } from '../../../rest/index.ts';
import { BoundedThread, moduleBeside, ThreadOverrun } from '../../../workers/index.ts';
import type { DescribedScript } from './inThread.ts';
import { objectModel } from './objectModels.ts';

const MODULES = 'extras.scriptmodule';
const RUNNER = moduleBeside(import.meta.url, 'inThread');
/** Importing a module runs its top level: bounded as a script is, more tightly. */
const LOAD_TIMEOUT_MS = 10_000;
const loader = new BoundedThread({ timeoutMs: LOAD_TIMEOUT_MS, resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 }, env: {} });

interface ModuleRow {
  id: number;
  file_path: string;
  created: string;
  last_updated: string | null;
}

/** ScriptModuleSerializer's answer. */
function shown(row: ModuleRow) {
  return { id: Number(row.id), display: row.file_path.replace(/\.m?js$/, ''), file_path: row.file_path, created: iso(row.created), last_updated: row.last_updated && iso(row.last_updated) };
}
const iso = (t: string) => new Date(t.replace(' ', 'T').replace(/\+00$/, 'Z')).toISOString();

/** The uploaded `file` field: its name and text, or null when none was sent. */
async function uploadedFile(c: Context): Promise<{ name: string; text: string } | null> {
  if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) return null;
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw badRequest({ detail: 'Multipart form parse error - Invalid boundary in multipart: None' });
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') return null;
  return { name: file.name.split(/[\\/]/).pop() ?? file.name, text: await file.text() };
}

/** Imports the module off the server's thread; its scripts, or the 400 of a module that does not load. */
async function describe(text: string, registry: Registry): Promise<DescribedScript[]> {
  let scripts: DescribedScript[];
  try {
    scripts = await loader.call<DescribedScript[]>(RUNNER, 'describeModule', text);
  } catch (error) {
    const message = error instanceof ThreadOverrun ? `the module took longer than ${LOAD_TIMEOUT_MS / 1000} s to load` : `${(error as Error).name}: ${(error as Error).message}`;
    throw badRequest({ non_field_errors: [`Error loading script: ${message}`] });
  }
  for (const script of scripts) {
    for (const [name, v] of Object.entries(script.spec.vars)) {
      if ((v.type === 'ObjectVar' || v.type === 'MultiObjectVar') && (typeof v.model !== 'string' || !objectModel(registry, v.model))) {
        throw badRequest({ non_field_errors: [`Error loading script: ${script.name}.vars.${name} names no model served here (${String(v.model)}): use an object type such as dcim.site`] });
      }
    }
  }
  return scripts;
}

/** ScriptModule.sync_classes(): the module's scripts as rows, added, updated or removed. */
async function syncScripts(tx: Queryable, moduleId: number, scripts: DescribedScript[]): Promise<void> {
  const names = scripts.map((s) => s.name);
  // Scripts gone from the module: deleted, or kept not executable when jobs refer to them.
  await tx.query(`UPDATE extras_script s SET is_executable = false WHERE module = $1 AND NOT (name = ANY($2::text[])) AND EXISTS (SELECT 1 FROM core_job j WHERE j.object_type = 'extras.script' AND j.object_id = s.id)`, [moduleId, names]);
  await tx.query(`DELETE FROM extras_script s WHERE module = $1 AND NOT (name = ANY($2::text[])) AND NOT EXISTS (SELECT 1 FROM core_job j WHERE j.object_type = 'extras.script' AND j.object_id = s.id)`, [moduleId, names]);
  for (const s of scripts) {
    await tx.query(
      `INSERT INTO extras_script (module, name, description, vars, is_executable, spec) VALUES ($1, $2, $3, $4::text::jsonb, true, $5::text::jsonb)
       ON CONFLICT (name, module) DO UPDATE SET description = EXCLUDED.description, vars = EXCLUDED.vars, spec = EXCLUDED.spec, is_executable = true`,
      [moduleId, s.name, s.description, JSON.stringify(s.vars), JSON.stringify(s.spec)],
    );
  }
}

const allowed = (ctx: RequestContext, action: string) => ctx.scope.allows(MODULES, action);

export const scriptUpload: OperationHandler = async (c, { db, ctx, rest }) => {
  if (!(await allowed(ctx, 'add'))) throw forbidden();
  const file = await uploadedFile(c);
  if (!file) throw badRequest({ file: ['No file was submitted.'] });
  if (!/^[A-Za-z_][A-Za-z0-9_-]*\.m?js$/.test(file.name)) throw badRequest({ file: ['A script module is a JavaScript file named <name>.js or <name>.mjs.'] });
  const [taken] = await db.query(`SELECT 1 FROM extras_script_module WHERE file_path = $1`, [file.name]);
  if (taken) throw badRequest({ non_field_errors: ['A script module with this file name already exists.'] });
  const scripts = await describe(file.text, rest.registry);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx.query<ModuleRow>(
      `INSERT INTO extras_script_module (file_root, file_path, source, created, last_updated) VALUES ('scripts', $1, $2, now(), now())
       ON CONFLICT (file_path) DO NOTHING RETURNING id, file_path, created::text, last_updated::text`,
      [file.name, file.text],
    );
    if (!inserted) throw badRequest({ non_field_errors: ['A script module with this file name already exists.'] });
    await syncScripts(tx, Number(inserted.id), scripts);
    return inserted;
  });
  return c.json(shown(row), 201);
};

export const scriptModuleUpdate: OperationHandler = async (c, { db, ctx, rest }) => {
  if (!(await allowed(ctx, 'change'))) throw forbidden();
  const lookup = c.req.param('id') ?? '';
  const [module] = await db.query<ModuleRow>(
    `SELECT id, file_path FROM extras_script_module WHERE ${/^\d+$/.test(lookup) ? 'id = $1::int' : 'file_path = $1'}`,
    [/^\d+$/.test(lookup) && Number(lookup) > 2147483647 ? '0' : lookup],
  );
  if (!module) throw notFound();
  const file = await uploadedFile(c);
  if (!file) throw badRequest({ file: ['This field is required.'] });
  if (file.name !== module.file_path) throw badRequest({ file: [`The uploaded file name must match the existing file path (${module.file_path}).`] });
  const scripts = await describe(file.text, rest.registry);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx.query<ModuleRow>(
      `UPDATE extras_script_module SET source = $2, last_updated = now() WHERE id = $1 RETURNING id, file_path, created::text, last_updated::text`,
      [module.id, file.text],
    );
    if (!updated) throw notFound();
    await syncScripts(tx, Number(updated.id), scripts);
    return updated;
  });
  return c.json(shown(row));
};
