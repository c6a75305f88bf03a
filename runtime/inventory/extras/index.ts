/**
 * @module
 * extras: tags and their assignments (tags/), journal entries (journal/), config templates
 * (configTemplates/) and their rendering (rendering/), export templates (exportTemplates/), config
 * contexts and their profiles (configContexts/), custom fields and their choice sets (customFields/),
 * custom links (customLinks/), image attachments and their files (imageAttachments/), event rules
 * and webhooks (events/), the users' bookmarks, notifications, subscriptions, saved filters, table
 * configs and dashboard (userData/), custom scripts (scripts/).
 */
import { mergeRules, type AppRules } from '../appRules.ts';
import { configContexts } from './configContexts/index.ts';
import { configTemplates } from './configTemplates/index.ts';
import { customFields } from './customFields/index.ts';
import { events } from './events/index.ts';
import { customLinks } from './customLinks/index.ts';
import { imageAttachments } from './imageAttachments/index.ts';
import { exportTemplates } from './exportTemplates/index.ts';
import { journal } from './journal/index.ts';
import { scripts } from './scripts/index.ts';
import { tags } from './tags/index.ts';
import { userData } from './userData/index.ts';

export const extras: AppRules = mergeRules({ tags, journal, configTemplates, exportTemplates, configContexts, customFields, customLinks, imageAttachments, events, userData, scripts });

export { jobEventListener, setWebhookRetries } from './events/index.ts';
export { configureMediaRoot, readMedia } from './imageAttachments/index.ts';
