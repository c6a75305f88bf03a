/**
 * @module
 * TenantGroup.delete() in NetBox 4.6.8: deleting a group ungroups its tenants and those of its
 * nested groups (Tenant.group is SET_NULL), which must not leave two ungrouped tenants with one
 * name or one slug. It is refused as a ProtectedError naming every tenant of a clash, which the
 * API answers 409 `Unable to delete object. 2 dependent objects were found: Acme (3), Acme (7)`.
 * A bulk delete counts the tenants of every group it deletes, as NetBox's one-by-one deletes in
 * one transaction end up doing.
 */
import { conflict, type ModelRules } from '../../../rest/index.ts';
import { sqlIdentifier } from '../../../kinds/index.ts';

const GROUPS = 'tenancy.tenant-groups';
const TENANTS = 'tenancy.tenants';

export const tenantGroupRules: ModelRules = {
  async beforeDelete(plan, tx, _ctx, registry) {
    const groups = plan.deletes.filter((d) => d.resource.key === GROUPS).flatMap((d) => d.ids);
    if (!groups.length) return;
    const tenants = sqlIdentifier(registry.resource(TENANTS).table);
    const rows = await tx.query<{ id: number; name: string }>(
      `WITH ungrouped AS (SELECT id, name, slug FROM ${tenants} WHERE group_id IS NULL OR group_id = ANY($1::bigint[])) ` +
        `SELECT id, name FROM ungrouped u WHERE (SELECT count(*) FROM ungrouped o WHERE o.name = u.name) > 1 OR (SELECT count(*) FROM ungrouped o WHERE o.slug = u.slug) > 1 ORDER BY id`,
      [groups],
    );
    if (rows.length) throw conflict(`Unable to delete object. ${rows.length} dependent objects were found: ${rows.map((r) => `${r.name} (${r.id})`).join(', ')}`);
  },
};
