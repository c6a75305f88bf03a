/**
 * @module
 * Image attachments (extras.image-attachments): their display, their rules (the upload checked,
 * stored and removed), the media directory, and what `/media/<path>` may serve (readMedia).
 */
import type { AppRules } from '../../appRules.ts';
import { imageAttachmentDisplay } from './displays.ts';
import { imageAttachmentRules } from './rules.ts';

export const imageAttachments: AppRules = {
  expressions: { image_attachment: imageAttachmentDisplay },
  rules: { 'extras.image-attachments': imageAttachmentRules },
};

export { configureMediaRoot, mediaRoot } from './storage.ts';
export { readMedia } from './serveMedia.ts';
