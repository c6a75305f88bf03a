/**
 * @module
 * A resource's hand-written operations must not take a route it already answers: another
 * operation's method and path, or a standard one (`GET {id}/` is the retrieve route). Nor may two
 * differ only in how a path segment is spelt (`a-b/` and `a_b/`): the OpenAPI operation id is
 * made of the segments with punctuation turned to `_`, and client generators name methods after it.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import { resourceOperations } from './operations.ts';
import type { Pending } from './pending.ts';

/** The part of a route that its operation id is made of: method, and the segments with punctuation as `_`. */
const idShape = (method: string, path: string) => `${method} ${path.split('/').map((s) => (s.startsWith('{') ? s : s.replace(/[^A-Za-z0-9]+/g, '_'))).join('/')}`;

export function checkRoutes(p: Pending, out: Diagnostic[]): void {
  const routes = new Map<string, string>();
  const shapes = new Map<string, string>();
  const standard = resourceOperations({ ...p.ir, operations: [] });
  for (const op of standard) {
    routes.set(`${op.method} ${op.path}`, op.operation);
    shapes.set(idShape(op.method, op.path), op.operation);
  }
  const base = `/api/${p.ir.app}/${p.ir.path}/`;
  (p.definition.operations ?? []).forEach((op, index) => {
    const route = `${op.method} ${base}${op.path}`;
    const where = [...p.at, 'operations', index, 'path'];
    const taken = routes.get(route);
    const shape = shapes.get(idShape(op.method, base + op.path));
    if (taken) out.push(p.source.diagnostic(where, 'E_DUPLICATE_PATH', `${p.ir.key}: ${route} is already the route of ${describe(taken)}`));
    else if (shape) out.push(p.source.diagnostic(where, 'E_DUPLICATE_PATH', `${p.ir.key}: ${route} differs from the route of ${describe(shape)} only in punctuation, so the two would share an OpenAPI operation id`));
    routes.set(route, `operation ${op.handler}`);
    shapes.set(idShape(op.method, base + op.path), `operation ${op.handler}`);
  });
}

const describe = (taken: string) => (taken.startsWith('operation ') ? taken : `the standard ${taken} operation`);
