/**
 * @module
 * Rules of export templates (`extras.export-templates`): RenderTemplateMixin.clean() and the syntax
 * check, as config templates have them (their synced data: index.ts); ExportTemplate.clean()'s reserved
 * name (`table`, any case, is the UI's own export); and the object types, which must be served
 * models (NetBox's ContentTypeField over the models with export templates, every NetBox model).
 */
import type { ModelRules } from '../../../rest/index.ts';
import { checkObjectTypeList } from '../../core/index.ts';
import { renderTemplateClean } from '../configTemplates/index.ts';

export const exportTemplateRules: ModelRules = {
  async clean(batch) {
    const { items, resource, registry } = batch;
    const column = (name: string) => registry.field(resource, name)!.column!;
    for (const item of items) {
      checkObjectTypeList(item, registry, column('object_types'));
      const name = String(item.value(column('name')) ?? '');
      if (name.toLowerCase() === 'table') item.error('name', `"${name}" is a reserved name. Please choose a different name.`);
    }
    await renderTemplateClean(batch);
  },
};
