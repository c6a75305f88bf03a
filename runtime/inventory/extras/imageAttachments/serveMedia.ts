/**
 * @module
 * `GET /media/<path>`: the stored files, where an image attachment's `image` URL points (Django's
 * MEDIA_URL). Only files under the media directory are served; a path that leaves it, or names
 * nothing, is 404. The content type follows the extension (the stored name keeps only an image
 * format's), with `nosniff`.
 */
import { readFile, stat } from 'node:fs/promises';
import type { Hono } from 'hono';
import { absolutePath } from './storage.ts';

const TYPES: Readonly<Record<string, string>> = {
  avif: 'image/avif', bmp: 'image/bmp', gif: 'image/gif', jpeg: 'image/jpeg', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp',
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function mountMedia(app: Hono<any>): void {
  app.get('/media/*', async (c) => {
    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path.slice('/media/'.length));
    } catch {
      return c.json({ detail: 'Not found.' }, 404);
    }
    const full = relative.includes('\0') ? null : absolutePath(relative);
    if (!full || !(await stat(full).then((s) => s.isFile(), () => false))) return c.json({ detail: 'Not found.' }, 404);
    const ext = full.slice(full.lastIndexOf('.') + 1).toLowerCase();
    const body = await readFile(full);
    return c.body(body, 200, { 'Content-Type': TYPES[ext] ?? 'application/octet-stream', 'X-Content-Type-Options': 'nosniff' });
  });
}
