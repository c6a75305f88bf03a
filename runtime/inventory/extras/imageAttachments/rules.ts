/**
 * @module
 * Rules of image attachments (`extras.image-attachments`). The upload (a File the `image` kind
 * staged) must be there on create (DRF FileField's `No file was submitted.`), not empty and an
 * image (ImageField's Pillow check: here `image-size` reads the header; SVG, which Pillow does not
 * open, is refused alike). The serializer finds the parent first (`Invalid parent object: DCIM >
 * Device ID 9`: its ContentTypeField gives an ObjectType, printed as `app_labeled_name`); the
 * model's clean() refuses a type without ImageAttachmentsMixin. Before the row is
 * written the file is stored (storage.ts) and its height, width and size recorded. A delete, of
 * the attachment or of its parent, removes the files once the rows are gone; a replaced image's
 * old file is removed too (Django leaves it, unreachable).
 */
import { imageSize } from 'image-size';
import type { DeletePlan, ModelRules } from '../../../rest/index.ts';
import { uploadKey } from '../../../kinds/index.ts';
import { objectTypeLabel } from '../../core/index.ts';
import { attachmentPath, removeFiles, store } from './storage.ts';

const INVALID_IMAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
/** Formats Pillow opens (image-size also knows SVG and a few Pillow does not). */
const PILLOW_FORMATS = new Set(['bmp', 'cur', 'dds', 'gif', 'icns', 'ico', 'j2c', 'jp2', 'jpg', 'pnm', 'png', 'psd', 'tga', 'tiff', 'webp', 'heif']);

interface Checked {
  bytes: Uint8Array;
  name: string;
  width: number;
  height: number;
}
const CHECKED = 'image:checked';
const REPLACED = 'image:replaced';

/** Files of the attachments a delete plan removes, read before their rows go. */
const pendingRemovals = new WeakMap<DeletePlan, string[]>();

export const imageAttachmentRules: ModelRules = {
  async clean({ items, resource, registry }) {
    const field = registry.field(resource, 'image')!;
    for (const item of items) {
      const upload = item.extras.get(uploadKey(field)) as File | undefined;
      if (!upload) {
        if (item.creating && !item.errors.errors.image) item.error('image', 'No file was submitted.');
        continue;
      }
      if (!upload.size) {
        item.error('image', 'The submitted file is empty.');
        continue;
      }
      const bytes = new Uint8Array(await upload.arrayBuffer());
      let size: { width?: number; height?: number; type?: string };
      try {
        size = imageSize(bytes);
      } catch {
        size = {};
      }
      if (!size.type || !PILLOW_FORMATS.has(size.type) || !size.width || !size.height) {
        item.error('image', INVALID_IMAGE);
        continue;
      }
      item.extras.set(CHECKED, { bytes, name: upload.name, width: size.width, height: size.height } satisfies Checked);
    }
  },

  async beforeSave({ items, resource, registry }) {
    const column = (name: string) => registry.field(resource, name)!.column!;
    for (const item of items) {
      const checked = item.extras.get(CHECKED) as Checked | undefined;
      if (!checked) continue;
      const type = String(item.value(column('object_type')));
      const model = type.split('.')[1] ?? 'object';
      const path = attachmentPath(model, Number(item.value(column('object_id'))), String(item.value(column('name')) ?? ''), checked.name);
      const previous = item.existing?.[column('image')];
      if (typeof previous === 'string' && previous) item.extras.set(REPLACED, previous);
      item.columns[column('image')] = await store(path, checked.bytes);
      item.columns[column('image_width')] = checked.width;
      item.columns[column('image_height')] = checked.height;
      item.columns[column('image_size')] = checked.bytes.byteLength;
    }
  },

  // A replaced file is removed once the row names the new one. Django leaves it on disk, but no
  // attachment holds it any more, so NetBox's MediaView would never serve it again.
  async afterSave({ items }) {
    const replaced = items.map((item) => item.extras.get(REPLACED)).filter((p): p is string => typeof p === 'string');
    if (replaced.length) await removeFiles(replaced);
  },

  // ImageAttachmentSerializer.validate(): the parent is looked up before the model's clean().
  genericObjectMissing(item, target, id) {
    item.error('non_field_errors', `Invalid parent object: ${objectTypeLabel(target)} ID ${String(id)}`);
    return true;
  },

  // ImageAttachment.clean(): the serializer takes any type, the model only those with image attachments.
  genericTypeRefused(item, target) {
    item.error('__all__', `Image attachments cannot be assigned to this object type (${objectTypeLabel(target)}).`);
  },

  async beforeDelete(plan, tx, _ctx, registry) {
    const resource = registry.resource('extras.image-attachments');
    const ids = plan.deletes.filter((d) => d.resource.key === resource.key).flatMap((d) => d.ids);
    if (!ids.length) return;
    const rows = await tx.query<{ image: string }>(`SELECT "${registry.field(resource, 'image')!.column!}" AS image FROM "${resource.table}" WHERE id = ANY($1::int[])`, [ids]);
    pendingRemovals.set(plan, rows.map((r) => r.image).filter(Boolean));
  },

  // Inside the transaction, as Django's model delete() removes the file.
  async afterDelete(plan) {
    const files = pendingRemovals.get(plan);
    pendingRemovals.delete(plan);
    if (files?.length) await removeFiles(files);
  },
};
