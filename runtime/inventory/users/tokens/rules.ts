/**
 * @module
 * Rules of tokens (`users.tokens`), as NetBox's TokenSerializer and Token model: a token is made
 * for its `user`, and for another user than the caller only with the `grant` action on
 * users.token (NetBox's `users.grant_token`); a new token's expiry must lie in the future; its secret is
 * generated here — a v2 token keeps only its key, pepper and HMAC — and shown in the response of
 * the request that created it, never again.
 */
import { peppers, tokenSecret } from '../../../auth/index.ts';
import { forbidden, type ModelRules } from '../../../rest/index.ts';

const GRANT_REFUSED = 'This user does not have permission to create tokens for other users.';

/**
 * NetBox's refusal of a new token whose expiry has passed, naming the server's time (in its
 * TIME_ZONE, UTC here), or null (creates and provision/ alike).
 */
export function pastExpiry(expires: unknown, now = new Date()): string | null {
  if (expires === null || expires === undefined || !(Date.parse(String(expires)) < now.getTime())) return null;
  const [date, time] = now.toISOString().split('T') as [string, string];
  return `Expiration time must be in the future. Current server time is ${date} ${time.slice(0, 8)} (UTC).`;
}

/** Token.clean(): a new token's pepper must be one API_TOKEN_PEPPERS defines. */
export function unknownPepper(pepperId: unknown): string | null {
  if (pepperId === null || pepperId === undefined || peppers().has(Number(pepperId))) return null;
  return `Invalid pepper ID: ${String(pepperId)}. Check configured API_TOKEN_PEPPERS.`;
}

/** The secrets made for a batch's items, until their ids are known. */
const secrets = new WeakMap<object, string>();

export const tokenRules: ModelRules = {
  async clean({ items, ctx }) {
    for (const item of items) {
      if (!item.creating) continue;
      // Token.clean() stops at the first: the pepper, then the expiry.
      const pepper = unknownPepper(item.data.pepper_id);
      const expiry = pastExpiry(item.columns.expires);
      if (pepper) item.error('__all__', pepper);
      else if (expiry) item.error('expires', expiry);
    }
    const forOthers = items.some((item) => item.creating && item.value('user_id') !== null && Number(item.value('user_id')) !== ctx.caller?.userId);
    if (forOthers && !(await ctx.scope.allows('users.token', 'grant'))) throw forbidden(GRANT_REFUSED);
  },
  async beforeSave({ items }) {
    for (const item of items) {
      if (!item.creating) continue;
      const secret = tokenSecret({ version: Number(item.value('version') ?? 2) });
      Object.assign(item.columns, secret.columns);
      secrets.set(item, secret.plaintext);
    }
  },
  async afterSave({ items, ctx, resource }) {
    for (const item of items) {
      const plaintext = secrets.get(item);
      if (plaintext === undefined || item.id === null) continue;
      ctx.shownOnce ??= new Map();
      const byId = ctx.shownOnce.get(resource.key) ?? ctx.shownOnce.set(resource.key, new Map()).get(resource.key)!;
      byId.set(item.id, { token: plaintext });
    }
  },
};
