/**
 * @module
 * Rules of inventory item templates. Their component (one of NetBox's modular component
 * templates) is a generic relation the engine checks as NetBox's ContentTypeField and
 * BaseModel.clean() do. A template's device type is fixed once it exists (the field's
 * `create_only`); a parent that is the template itself or one of its descendants is refused in
 * django-mptt's words.
 */
import type { ModelRules } from '../../../rest/index.ts';
import { cyclicParent, MPTT_SELF } from './treeMoves.ts';

export const inventoryItemTemplateRules: ModelRules = { cyclicParent: cyclicParent(MPTT_SELF) };
