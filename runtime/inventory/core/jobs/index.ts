/**
 * @module
 * The job queue as NetBox's API shows it: `core/background-queues/`, `background-workers/` and
 * `background-tasks/` (superuser only). The Job records (`core/jobs/`) are a generated read-only
 * resource; the queue itself is runtime/jobs/.
 */
import type { AppRules } from '../../appRules.ts';
import { backgroundQueue, backgroundQueues, backgroundWorker, backgroundWorkers } from './backgroundQueues.ts';
import { backgroundTask, backgroundTaskDelete, backgroundTaskEnqueue, backgroundTaskRequeue, backgroundTasks, backgroundTaskStop } from './backgroundTasks.ts';

export const jobs: AppRules = {
  operations: {
    'background-queues': backgroundQueues,
    'background-queue': backgroundQueue,
    'background-workers': backgroundWorkers,
    'background-worker': backgroundWorker,
    'background-tasks': backgroundTasks,
    'background-task': backgroundTask,
    'background-task-delete': backgroundTaskDelete,
    'background-task-requeue': backgroundTaskRequeue,
    'background-task-enqueue': backgroundTaskEnqueue,
    'background-task-stop': backgroundTaskStop,
  },
};
