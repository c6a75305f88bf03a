/**
 * @module
 * `/api/extras/dashboard/` (handlers `dashboard-read`, `dashboard-write`, `dashboard-delete`):
 * the requesting user's dashboard, NetBox's DashboardView (a RetrieveUpdateDestroyAPIView whose
 * object is the caller's Dashboard, so no id in the path) over DashboardSerializer's `layout` and
 * `config`. Both are JSON of any shape, optional, never null; sent as form fields they are JSON
 * text (`Value must be valid JSON.`). Where NetBox differs: a caller without a dashboard reads
 * `{"layout": null, "config": null}` there as here, but a PUT or PATCH fails there (the new
 * dashboard would have no user) and here creates it with the model's defaults (`[]`, `{}`); a
 * DELETE of none fails there and is a 404 here. Any authenticated caller reaches their own
 * dashboard (NetBox also asks for extras.*_dashboard permissions, an object type this server
 * does not serve); a token changing it must be write-enabled.
 */
import type { Context } from 'hono';
import { badRequest, expectedDictionary, forbidden, notFound, readBody, type FieldErrors, type OperationHandler, type RequestContext } from '../../../rest/index.ts';

const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
const FIELDS = ['layout', 'config'] as const;

/** The caller, who must be authenticated (and hold a write-enabled token to write). */
export function ownerOf(ctx: RequestContext, writing: boolean): number {
  if (!ctx.caller) throw forbidden(NOT_AUTHENTICATED);
  if (writing && !ctx.caller.writeEnabled) throw forbidden();
  return ctx.caller.userId;
}

/** Whether the body came as form fields, where a JSON field's value is JSON text. */
const isForm = (c: Context) => /^(multipart\/form-data|application\/x-www-form-urlencoded)/.test((c.req.header('Content-Type') ?? '').trim().toLowerCase());

/** The `layout` and `config` a write gives, as JSON text (absent ones undefined), or a 400 in DRF's words. */
async function dashboardInput(c: Context): Promise<Partial<Record<(typeof FIELDS)[number], string>>> {
  const body = await readBody(c);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest({ non_field_errors: [expectedDictionary(body)] });
  const form = isForm(c);
  const errors: FieldErrors = {};
  const input: Partial<Record<(typeof FIELDS)[number], string>> = {};
  for (const name of FIELDS) {
    if (!(name in body)) continue;
    let value = (body as Record<string, unknown>)[name];
    if (form && typeof value === 'string') {
      try {
        value = JSON.parse(value);
      } catch {
        errors[name] = ['Value must be valid JSON.'];
        continue;
      }
    }
    if (value === null) errors[name] = ['This field may not be null.'];
    else input[name] = JSON.stringify(value);
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return input;
}

export const dashboardRead: OperationHandler = async (c, { ctx, db }) => {
  const user = ownerOf(ctx, false);
  const [row] = await db.query<{ layout: unknown; config: unknown }>('SELECT layout, config FROM extras_dashboard WHERE user_id = $1', [user]);
  return c.json({ layout: row?.layout ?? null, config: row?.config ?? null });
};

export const dashboardWrite: OperationHandler = async (c, { ctx, db }) => {
  const user = ownerOf(ctx, true);
  const input = await dashboardInput(c);
  const [row] = await db.query<{ layout: unknown; config: unknown }>(
    `INSERT INTO extras_dashboard (user_id, layout, config) VALUES ($1, coalesce($2::text::jsonb, '[]'::jsonb), coalesce($3::text::jsonb, '{}'::jsonb))
     ON CONFLICT (user_id) DO UPDATE SET layout = coalesce($2::text::jsonb, extras_dashboard.layout), config = coalesce($3::text::jsonb, extras_dashboard.config)
     RETURNING layout, config`,
    [user, input.layout ?? null, input.config ?? null],
  );
  return c.json({ layout: row.layout, config: row.config });
};

export const dashboardDelete: OperationHandler = async (c, { ctx, db }) => {
  const user = ownerOf(ctx, true);
  const rows = await db.query('DELETE FROM extras_dashboard WHERE user_id = $1 RETURNING id', [user]);
  if (!rows.length) throw notFound('Dashboard');
  return c.body(null, 204);
};
