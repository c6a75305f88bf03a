/**
 * @module
 * `GET /media/<path>`: the stored files, where an image attachment's `image` URL points (Django's
 * MEDIA_URL), read as NetBox's MediaView reads them: the path normalised first (so `a/../b` cannot
 * slip past the check), a file of `image-attachments/` only when an attachment holding it is one
 * the caller may view (a denial and a missing file are both 404), and nothing outside the media
 * directory. The content type follows the extension (a stored name keeps only an image format's).
 * The app adds authentication, `nosniff` and a sandboxing Content-Security-Policy
 * (runtime/server/app.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import { posix } from 'node:path';
import type { Database } from '../../../db/index.ts';
import type { RequestContext, RestServices } from '../../../rest/index.ts';
import { absolutePath, UPLOAD_DIR } from './storage.ts';

const TYPES: Readonly<Record<string, string>> = {
  avif: 'image/avif', bmp: 'image/bmp', gif: 'image/gif', jpeg: 'image/jpeg', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp',
};

export async function readMedia(requested: string, ctx: RequestContext, services: RestServices, db: Database): Promise<{ body: Uint8Array<ArrayBuffer>; type: string } | null> {
  if (requested.includes('\0')) return null;
  const path = posix.normalize(requested).replace(/^\/+/, '');
  if (path.startsWith(`${UPLOAD_DIR}/`)) {
    const resource = services.registry.resource('extras.image-attachments');
    const column = services.registry.field(resource, 'image')!.column!;
    const rows = await db.query<{ id: number }>(`SELECT id FROM "${resource.table}" WHERE "${column}" = $1`, [path]);
    const ids = rows.map((r) => Number(r.id));
    if (!ids.length || !(await services.permitted(db, resource, ids, ctx, 'view')).size) return null;
  }
  const full = absolutePath(path);
  if (!full || !(await stat(full).then((s) => s.isFile(), () => false))) return null;
  return { body: await readFile(full), type: TYPES[full.slice(full.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream' };
}
