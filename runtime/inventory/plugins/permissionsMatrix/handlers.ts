/**
 * @module
 * The HTTP face of the permissions matrix: one handler per route of
 * definitions/plugins/permissions-matrix.yaml. Each reads its input, loads the state it needs and
 * hands over to the pure parts (views, planner, YAML); the route has already checked the token,
 * `view` on users.objectpermission and, for a POST, a write-enabled token.
 */
import type { Context } from 'hono';
import { badRequest, expectedDictionary, notFound, readBody, type OperationHandler } from '../../../rest/index.ts';
import { moduleBeside, offThread } from '../../../workers/index.ts';
import { canEdit, requireSomeWrite } from './access.ts';
import { applyPlan, principalGone } from './apply.ts';
import { CellIndex } from './cells.ts';
import { readChangeSet } from './changeSet.ts';
import { exportYaml } from './exportYaml.ts';
import type { ImportedFile } from './importFile.ts';
import { importChanges } from './importYaml.ts';
import { checkQuery, parseMatrixQuery } from './matrixQuery.ts';
import { buildMatrix } from './matrixView.ts';
import { viewableState, visible, type PrincipalRef } from './model.ts';
import { catalogFor, planChangeSet } from './planning.ts';
import { planView } from './planResponse.ts';
import { buildPrincipal } from './principalView.ts';
import { applyRecords, planRevert, recordReferences } from './revert.ts';
import { buildRows, objectTypes } from './rows.ts';
import { applySecret, planSecret } from './secret.ts';
import { loadState } from './state.ts';

const origin = (c: Context) => new URL(c.req.url).origin;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The state, rows and catalogue of matrix/ and export/, the query checked against them. */
async function matrixInputs(c: Context, args: Parameters<OperationHandler>[1]) {
  const { db, rest, ctx } = args;
  const parsed = parseMatrixQuery(new URL(c.req.url).searchParams, rest.registry.apps.map((a) => a.name));
  const state = viewableState(await loadState(db, rest, ctx));
  const query = checkQuery(parsed, state);
  const catalog = catalogFor(rest.registry, state, query.action === '*' ? [] : [query.action]);
  const rows = buildRows(objectTypes(rest.registry.resources), catalog, query.action, query.appLabels);
  return { state, query, catalog, rows, cells: new CellIndex(state) };
}

export const matrix: OperationHandler = async (c, args) => {
  const { state, query, catalog, rows, cells } = await matrixInputs(c, args);
  return c.json(buildMatrix({ state, cells, catalog, rows, query, canEdit: await canEdit(args.ctx), origin: origin(c) }));
};

export const exportMatrix: OperationHandler = async (c, args) => {
  const { state, query, catalog, rows, cells } = await matrixInputs(c, args);
  return c.body(exportYaml(state, cells, catalog, rows, query), 200, { 'Content-Type': 'text/yaml; charset=utf-8', 'Content-Disposition': 'attachment; filename="permissions-matrix.yaml"' });
};

export const principal: OperationHandler = async (c, { db, rest, ctx }) => {
  const params = new URL(c.req.url).searchParams;
  const type = params.get('type');
  const rawId = params.get('id') ?? '';
  const errors: Record<string, string[]> = {};
  if (type !== 'group' && type !== 'user') errors.type = [type === null ? 'This field is required.' : `"${type}" is not a valid choice.`];
  if (!/^\d{1,9}$/.test(rawId)) errors.id = [rawId === '' ? 'This field is required.' : 'A valid integer is required.'];
  if (Object.keys(errors).length) throw badRequest(errors);
  const who: PrincipalRef = { type: type as PrincipalRef['type'], id: Number(rawId) };
  const state = viewableState(await loadState(db, rest, ctx, { principals: [who] }));
  // Unknown, or one the caller may not view: the same 404, so nothing leaks.
  if (!visible(state, who)) throw notFound();
  const catalog = catalogFor(rest.registry, state);
  const rows = buildRows(objectTypes(rest.registry.resources), catalog, '*', null);
  return c.json(buildPrincipal({ state, cells: new CellIndex(state), catalog, rows, principal: who, canEdit: await canEdit(ctx), origin: origin(c) }));
};

export const plan: OperationHandler = async (c, { db, rest, ctx }) => {
  const { set, references } = readChangeSet(await readBody(c));
  const state = await loadState(db, rest, ctx, references);
  const { plan: planned, token } = planChangeSet(rest, state, set, references, await planSecret(db, rest));
  return c.json(planView(state, planned, token, origin(c)));
};

/** `token` of an apply body: 400 when it is missing. */
function tokenOf(body: Record<string, unknown>): string {
  if (body.token === undefined || body.token === null || body.token === '') throw badRequest({ token: ['This field is required.'] });
  if (typeof body.token !== 'string') throw badRequest({ token: ['Not a valid string.'] });
  return body.token;
}

export const apply: OperationHandler = async (c, { db, rest, ctx, resource }) => {
  const body = await readBody(c);
  if (!isObject(body)) throw badRequest({ non_field_errors: [expectedDictionary(body)] });
  const secret = await applySecret(db, rest);
  if (body.revert !== undefined) return applyRevert(c, body, { rest, ctx, resource }, secret);
  const { set, references } = readChangeSet(body, ['token']);
  const token = tokenOf(body);
  const done = await applyPlan(rest, ctx, resource, token, async (tx) => {
    const state = await loadState(tx, rest, ctx, { ...references, lockPrincipals: true });
    const missing: PrincipalRef[] = [];
    try {
      return { state, ...planChangeSet(rest, state, set, references, secret, missing) };
    } catch (error) {
      if (missing.length) throw principalGone();
      throw error;
    }
  });
  return c.json({ ...planView(done.state, done.plan, done.token, origin(c)), written: done.written });
};

async function applyRevert(c: Context, body: Record<string, unknown>, { rest, ctx, resource }: Pick<Parameters<OperationHandler>[1], 'rest' | 'ctx' | 'resource'>, secret: Buffer): Promise<Response> {
  const extra = Object.keys(body).filter((k) => k !== 'revert' && k !== 'token');
  if (extra.length) throw badRequest({ non_field_errors: [`A revert is applied with revert and token only, not ${extra.join(', ')}.`] });
  if (typeof body.revert !== 'string') throw badRequest({ revert: ['Not a valid string.'] });
  const token = tokenOf(body);
  const applyId = body.revert;
  const done = await applyPlan(rest, ctx, resource, token, async (tx) => {
    const { records } = await applyRecords(tx, rest, applyId);
    const state = await loadState(tx, rest, ctx, { ...recordReferences(records), lockPrincipals: true });
    return { state, ...planRevert(state, applyId, records, secret) };
  }, `Permissions matrix: revert of ${applyId}`);
  return c.json({ ...planView(done.state, done.plan, done.token, origin(c)), revert: applyId, written: done.written });
}

export const revert: OperationHandler = async (c, { db, rest, ctx }) => {
  const body = await readBody(c);
  if (body !== null && body !== undefined && !isObject(body)) throw badRequest({ non_field_errors: [expectedDictionary(body)] });
  const given = isObject(body) ? body.apply_id : undefined;
  if (given !== undefined && given !== null && typeof given !== 'string') throw badRequest({ apply_id: ['Not a valid string.'] });
  const { applyId, records } = await applyRecords(db, rest, (given as string | null | undefined) ?? null);
  const state = await loadState(db, rest, ctx, recordReferences(records));
  const { plan: planned, token } = planRevert(state, applyId, records, await planSecret(db, rest));
  return c.json({ ...planView(state, planned, token, origin(c)), revert: applyId });
};

export const importMatrix: OperationHandler = async (c, { db, rest, ctx }) => {
  await requireSomeWrite(ctx);
  const body = await readBody(c);
  if (!isObject(body)) throw badRequest({ non_field_errors: [expectedDictionary(body)] });
  // Reading a file of up to 1 MiB takes seconds of CPU: on a worker thread, other requests go on meanwhile.
  const file = await offThread<ImportedFile>(moduleBeside(import.meta.url, 'importFile'), 'readImportFile', body.yaml);
  const state = viewableState(await loadState(db, rest, ctx));
  // The file's own actions stay out of the catalogue: any valid name applies to every type unless
  // a model registers it, and a file naming 100,000 of them would otherwise be lettered and listed.
  const catalog = catalogFor(rest.registry, state);
  const rows = buildRows(objectTypes(rest.registry.resources), catalog, '*', null);
  return c.json(importChanges(file, state, new CellIndex(state), catalog, rows));
};
