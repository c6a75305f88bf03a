/**
 * @module
 * `display` of an image attachment (ImageAttachment.__str__): its name, else its file's name
 * without the `<model>_<object id>_` prefix NetBox's upload naming added (`filename`).
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const imageAttachmentDisplay: SqlExpression = (t, sql) => {
  const name = sql.column('extras.image-attachments', 'name', t);
  const image = sql.column('extras.image-attachments', 'image', t);
  const type = sql.column('extras.image-attachments', 'object_type', t);
  const id = sql.column('extras.image-attachments', 'object_id', t);
  const base = `regexp_replace(coalesce(${image}, ''), '^.*/', '')`;
  const prefix = `(split_part(${type}, '.', 2) || '_' || ${id}::text || '_')`;
  return `coalesce(nullif(${name}, ''), CASE WHEN left(${base}, length(${prefix})) = ${prefix} THEN substr(${base}, length(${prefix}) + 1) ELSE ${base} END)`;
};
