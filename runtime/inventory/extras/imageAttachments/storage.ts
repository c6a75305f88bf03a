/**
 * @module
 * Where uploaded images live: files under the media directory (MEDIA_ROOT, by default `media/` in
 * the data directory), named as NetBox's image_upload() names them, `image-attachments/<model>_<id>_<name>`:
 * the attachment's name (else the uploaded file's stem) reduced to Django's get_valid_name()
 * characters, the uploaded extension kept only when it is an image format's, and a random suffix
 * when the name is taken (Django's get_available_name). The client's file name never reaches a
 * path as it is: no directory part, no `..`, nothing but `[-\w.]`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

export const UPLOAD_DIR = 'image-attachments';

/** NetBox's IMAGE_ATTACHMENT_IMAGE_FORMATS: extensions kept on a stored name. */
const IMAGE_EXTENSIONS = new Set(['avif', 'bmp', 'gif', 'jpeg', 'jpg', 'png', 'webp']);

let root = resolve('data', 'media');

/** Sets the media directory (startInventoryServer does, from MEDIA_ROOT or DATA_DIR). One per process. */
export function configureMediaRoot(dir: string): void {
  root = resolve(dir);
}

export function mediaRoot(): string {
  return root;
}

/** Django's get_valid_filename(): spaces to `_`, then only `[-\w.]` (Python's Unicode `\w`); `''`, `.` and `..` are refused (null). */
export function validName(name: string): string | null {
  const cleaned = name.trim().replace(/ /g, '_').replace(/[^-\p{L}\p{M}\p{N}_.]/gu, '');
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? null : cleaned;
}

/** The relative path NetBox's _build_image_attachment_path() gives an upload (before a collision suffix). */
export function attachmentPath(model: string, objectId: number, name: string, uploadedName: string): string {
  const base = uploadedName.replace(/\\/g, '/').split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot + 1).toLowerCase()] : [base, ''];
  const safeStem = validName(name || stem) ?? 'unnamed';
  const finalName = IMAGE_EXTENSIONS.has(ext) ? `${safeStem}.${ext}` : safeStem;
  return `${UPLOAD_DIR}/${validName(model) ?? 'object'}_${objectId}_${finalName}`;
}

/** The absolute path of a stored relative path, or null when it would leave the media directory. */
export function absolutePath(relative: string): string | null {
  const full = resolve(root, relative);
  return full.startsWith(root + sep) ? full : null;
}

/**
 * Writes `bytes` at `relative` or, when that name is taken, at the name with `_<7 random
 * characters>` before its extension, created exclusively so two uploads never share a file.
 * Returns the relative path written. Django truncates to the field's 100 characters; so does this.
 */
export async function store(relative: string, bytes: Uint8Array): Promise<string> {
  await mkdir(join(root, UPLOAD_DIR), { recursive: true });
  const slash = relative.lastIndexOf('/');
  const dot = relative.lastIndexOf('.');
  const [head, ext] = dot > slash ? [relative.slice(0, dot), relative.slice(dot)] : [relative, ''];
  for (let attempt = 0; attempt < 20; attempt++) {
    const suffix = attempt === 0 ? '' : `_${randomBytes(8).toString('base64url').replace(/[-_]/g, '').slice(0, 7)}`;
    const candidate = `${head.slice(0, 100 - ext.length - suffix.length)}${suffix}${ext}`;
    const full = absolutePath(candidate);
    if (!full) throw new Error(`refusing to store ${candidate} outside the media directory`);
    try {
      const handle = await open(full, 'wx');
      try {
        await handle.writeFile(bytes);
      } finally {
        await handle.close();
      }
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`no free name for ${relative}`);
}

/** Removes stored files (a missing one is no error). */
export async function removeFiles(relatives: readonly string[]): Promise<void> {
  await Promise.all(relatives.map((r) => absolutePath(r)).filter((p): p is string => !!p).map((p) => rm(p, { force: true })));
}
