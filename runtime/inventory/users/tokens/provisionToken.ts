/**
 * @module
 * `POST /api/users/tokens/provision/` (handler `provision-token`): a username and password in, a
 * new token out, its secret shown this once.
 */
import { createToken, verifyPassword } from '../../../auth/index.ts';
import { v } from '../../../kinds/index.ts';
import { pastExpiry } from './rules.ts';
import { badRequest, expectedDictionary, forbidden, readBody, zodErrors, type FieldErrors, type OperationHandler } from '../../../rest/index.ts';

const provisionSchema = v.object({
  username: v.string({ required: true }),
  password: v.string({ required: true }),
  version: v.choice([1, 2]),
  description: v.string({ maxLength: 200 }),
  expires: v.datetime({ nullable: true }),
  enabled: v.boolean(),
  write_enabled: v.boolean(),
  allowed_ips: v.ipNetworkList(),
});

export const provisionToken: OperationHandler = async (c, { resource, db, ctx, rest }) => {
  const body = await readBody(c);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest({ non_field_errors: [expectedDictionary(body)] });
  const input = body as Record<string, unknown>;
  const parsed = provisionSchema.safeParse(input);
  const errors: FieldErrors = {};
  for (const required of ['username', 'password']) if (!(required in input)) errors[required] = ['This field is required.'];
  if (!parsed.success) Object.assign(errors, zodErrors(parsed.error));
  if (Object.keys(errors).length) throw badRequest(errors);
  const data = parsed.data as Record<string, unknown>;
  const expiry = pastExpiry(data.expires);
  if (expiry) throw badRequest({ expires: [expiry] });
  const [user] = await db.query<{ id: number; password: string; is_active: boolean }>('SELECT id, password, is_active FROM users_user WHERE username = $1', [data.username]);
  if (!user || !user.is_active || !(await verifyPassword(String(data.password), user.password))) throw forbidden('Invalid username/password');
  const created = await createToken(db, Number(user.id), {
    version: data.version as number | undefined,
    description: data.description as string | undefined,
    expires: data.expires as string | null | undefined,
    enabled: data.enabled as boolean | undefined,
    writeEnabled: data.write_enabled as boolean | undefined,
    allowedIps: data.allowed_ips as string[] | undefined,
  });
  // TokenProvisionSerializer's fields: the token's, without pepper_id, plus the secret, shown this once.
  const fields = new URLSearchParams({ fields: 'id,url,display_url,display,version,user,key,created,expires,last_used,enabled,write_enabled,description,allowed_ips' });
  const { bodies } = await rest.render(db, resource, [created.id], ctx, fields);
  return c.json({ ...bodies[0], token: created.plaintext }, 201);
};
