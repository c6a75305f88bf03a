/**
 * @module
 * Image attachments (extras.image-attachments): their display, their rules (the upload checked,
 * stored and removed), the media directory and `/media/<path>`, which serves the stored files.
 */
import type { AppRules } from '../../appRules.ts';
import { imageAttachmentDisplay } from './displays.ts';
import { imageAttachmentRules } from './rules.ts';

export const imageAttachments: AppRules = {
  expressions: { image_attachment: imageAttachmentDisplay },
  rules: { 'extras.image-attachments': imageAttachmentRules },
};

export { configureMediaRoot, mediaRoot } from './storage.ts';
export { mountMedia } from './serveMedia.ts';
