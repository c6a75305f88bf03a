/**
 * @module
 * `image`: Django's ImageField. A multipart request's file part is the value written; the stored
 * value is the file's path under the media directory (`image-attachments/device_7_rack.png`), and a
 * response shows its URL there (`<origin>/media/<path>`), as DRF's ImageField builds it. The kind
 * only carries the upload (a File) to the model's rules, which check it is an image, name it and
 * store it (runtime/inventory/extras/imageAttachments/): where a file lands is the model's affair.
 */
import { z } from 'zod';
import type { Field } from '../../contract/index.ts';
import { column, nullability } from '../columns.ts';
import { flags } from './stored.ts';
import type { FieldKind } from './types.ts';

/** DRF FileField's message for a value that is no uploaded file (a JSON string, a form field). */
export const NOT_A_FILE = 'The submitted data was not a file. Check the encoding type on the form.';

/** The item's `extras` key under which a staged upload waits for the model's rules. */
export const uploadKey = (field: Field) => `${field.name}:upload`;

export const image: FieldKind = {
  name: 'image',
  optionsType: 'image upload',
  orderable: true,
  defaultColumn: (name) => name,
  // Django's FileField: a varchar(100) path relative to MEDIA_ROOT.
  column: (field) => column('varchar', field.column!, { length: 100 }, nullability(field.nullable)),
  response: (field) => ({ type: 'string', format: 'uri', ...flags(field) }),
  request: (field) => ({ type: 'string', format: 'binary', ...flags(field, true) }),
  validators: (field) => ({
    [field.name]: z.unknown().transform((value, ctx) => {
      if (value instanceof Blob) return value;
      ctx.addIssue({ code: 'custom', message: NOT_A_FILE });
      return z.NEVER;
    }),
  }),
  stage(field, _input, value, item) {
    item.extras.set(uploadKey(field), value);
  },
  select: (field, resource, alias, ctx) => ctx.value(resource, field, alias),
  serialize: (field, _resource, row, ctx) => {
    const path = row[field.name];
    return typeof path === 'string' && path ? ctx.mediaUrl(path) : null;
  },
  json(field, resource, alias, ctx) {
    if (!ctx.mediaUrl) throw new Error(`${resource.key}.${field.name}: media URLs are rendered in SQL only by a rendering select`);
    const path = ctx.value(resource, field, alias);
    return `(CASE WHEN coalesce(${path}, '') = '' THEN NULL ELSE ${ctx.mediaUrl(path)} END)`;
  },
};
