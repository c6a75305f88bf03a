/**
 * @module
 * `/api/users/config/` (handlers `user-config-read`, `user-config-update`): the requesting user's
 * preferences, NetBox's UserConfigViewSet over UserConfig.data. GET answers them; PATCH merges
 * the body into them as NetBox's `deepmerge` does (a dictionary merges into a dictionary, key by
 * key; any other value, an empty dictionary included, replaces what was there) and answers the
 * result. Any authenticated caller, for their own preferences only (NetBox's IsAuthenticated: a
 * read-only token may change them too). A user has preferences from the start in NetBox
 * (DEFAULT_USER_PREFERENCES, `{}`); here they are `{}` until first changed. Where NetBox fails
 * (a body that is not a dictionary, 500 there) this is a 400.
 */
import { badRequest, expectedDictionary, forbidden, readBody, type OperationHandler } from '../../../rest/index.ts';

type Json = Record<string, unknown>;
const isDict = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);

/** NetBox's utilities.data.deepmerge: `update` merged into a copy of `original`. */
export function deepMerge(original: Json, update: Json): Json {
  const merged: Json = { ...original };
  for (const [key, value] of Object.entries(update)) {
    const before = original[key];
    merged[key] = isDict(before) && isDict(value) && Object.keys(value).length ? deepMerge(before, value) : value;
  }
  return merged;
}

function callerId(ctx: Parameters<OperationHandler>[1]['ctx']): number {
  if (!ctx.caller) throw forbidden('Authentication credentials were not provided.');
  return ctx.caller.userId;
}

export const userConfigRead: OperationHandler = async (c, { ctx, db }) => {
  const [row] = await db.query<{ data: unknown }>('SELECT data FROM users_userconfig WHERE user_id = $1', [callerId(ctx)]);
  return c.json(row?.data ?? {});
};

export const userConfigUpdate: OperationHandler = async (c, { ctx, db }) => {
  const user = callerId(ctx);
  const body = await readBody(c);
  if (!isDict(body)) throw badRequest({ non_field_errors: [expectedDictionary(body)] });
  const data = await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO users_userconfig (user_id, data) VALUES ($1, '{}'::jsonb) ON CONFLICT (user_id) DO NOTHING`, [user]);
    const [row] = await tx.query<{ data: unknown }>('SELECT data FROM users_userconfig WHERE user_id = $1 FOR UPDATE', [user]);
    const merged = deepMerge(isDict(row.data) ? row.data : {}, body);
    await tx.query('UPDATE users_userconfig SET data = $2::text::jsonb WHERE user_id = $1', [user, JSON.stringify(merged)]);
    return merged;
  });
  return c.json(data);
};
