/**
 * @module
 * The request context of a task the server runs for a user (a data source's sync): its changes are
 * recorded under the job's user and a request id of the task's own (its UUID), with no permission
 * scope of their own — the user's permission was checked when the job was asked for, as NetBox
 * checks it in the view that enqueues the job.
 */
import type { Queryable } from '../../../db/index.ts';
import { unrestricted, type RequestContext } from '../../../rest/index.ts';
import type { TaskRun } from '../../../jobs/index.ts';

export async function jobContext(db: Queryable, run: TaskRun): Promise<RequestContext> {
  const userId = run.job?.userId ?? null;
  const [user] = userId === null ? [] : await db.query<{ username: string; is_superuser: boolean }>('SELECT username, is_superuser FROM users_user WHERE id = $1', [userId]);
  return {
    requestId: run.taskId,
    caller: user ? { userId: userId!, username: user.username, isSuperuser: user.is_superuser, tokenId: 0, writeEnabled: true } : null,
    origin: '',
    scope: unrestricted,
  };
}
