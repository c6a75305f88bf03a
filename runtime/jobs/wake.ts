/**
 * @module
 * Waking this process's idle workers when a task is enqueued. On PostgreSQL other processes hear
 * the NOTIFY the enqueueing transaction sends when it commits; in this process the workers are
 * woken at once. A claim that runs before the transaction commits finds nothing and the NOTIFY wakes
 * them again; on the embedded database a claim waits for the transaction's end anyway (one connection).
 */

/** The channel of the NOTIFY an enqueue sends. */
export const TASK_CHANNEL = 'core_task';

const listeners = new Set<() => void>();

export function onWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function wakeWorkers(): void {
  for (const listener of listeners) listener();
}
