/**
 * @module
 * Rules of inventory item templates. Their component is one of NetBox's modular component
 * templates (console, console server, power port, power outlet, interface, front and rear port
 * templates), none of which this server serves yet: a `component_type` is refused as NetBox's
 * ContentTypeField refuses a type outside its queryset (`Invalid content type: …`, or the format
 * message for a value that is no `<app_label>.<model_name>`), and a `component_id` without a
 * type as BaseModel.clean() refuses half a generic relation. A template's device type is fixed
 * once it exists (the field's `create_only`); a parent that is the template itself or one of
 * its descendants is refused in django-mptt's words.
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { cyclicParent, MPTT_SELF } from './treeMoves.ts';

const FORMAT = "Invalid value. Specify a content type as '<app_label>.<model_name>'.";

async function cleanTemplates(batch: WriteBatch): Promise<void> {
  for (const item of batch.items) {
    const type = item.value('component_type');
    const id = item.value('component_id');
    if (type !== null && type !== undefined) {
      item.error('component_type', typeof type === 'string' && type.split('.').length === 2 ? `Invalid content type: ${type}` : FORMAT);
    } else if (id !== null && id !== undefined) {
      item.error('component_type', 'This field cannot be null.');
    }
  }
}

export const inventoryItemTemplateRules: ModelRules = { clean: cleanTemplates, cyclicParent: cyclicParent(MPTT_SELF) };
