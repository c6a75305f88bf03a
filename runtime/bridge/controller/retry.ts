/**
 * @module
 * The transport retry policy. A request is tried up to `max_attempts` times when the controller answers
 * one of `statuses` or the exchange fails transiently (timeout, reset, DNS, refused); between tries it
 * waits `raw/2 + uniform(0, raw/2)` seconds, `raw = min(backoff_cap, backoff_base * 2**attempt)` with
 * the attempt counted from 0 ("equal jitter": never less than half the nominal delay). Mutating methods
 * get one attempt unless `retry_mutating`: a POST that timed out may have been applied.
 */
import { TRANSIENT_FAILURES, TransportError, type HttpResponse } from './httpClient.ts';

export interface RetryPolicy {
  maxAttempts: number;
  statuses: number[];
  /** Seconds. */
  backoffBase: number;
  /** Seconds. */
  backoffCap: number;
  retryMutating: boolean;
}

const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

export function isMutating(method: string): boolean {
  return MUTATING.has(method.toUpperCase());
}

/** Delay in seconds before the try after `attempt` (0 = after the first try). */
export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, 'backoffBase' | 'backoffCap'>, random: () => number = Math.random): number {
  const raw = Math.min(policy.backoffCap, policy.backoffBase * 2 ** attempt);
  return raw / 2 + random() * (raw / 2);
}

export interface RetryHooks {
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Told before each wait: why, which attempt failed, and for how long it waits. */
  onRetry?: (info: { attempt: number; reason: string; delayMs: number }) => void;
}

export interface RetryOutcome {
  response: HttpResponse;
  attempts: number;
}

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends with retries; returns the last response (even a retried status), or throws the last failure. */
export async function sendWithRetry(method: string, send: () => Promise<HttpResponse>, policy: RetryPolicy, hooks: RetryHooks = {}): Promise<RetryOutcome> {
  const attempts = isMutating(method) && !policy.retryMutating ? 1 : Math.max(1, policy.maxAttempts);
  const sleep = hooks.sleep ?? defaultSleep;
  for (let attempt = 0; ; attempt++) {
    let reason: string;
    try {
      const response = await send();
      if (!policy.statuses.includes(response.status) || attempt + 1 >= attempts) return { response, attempts: attempt + 1 };
      reason = `HTTP ${response.status}`;
    } catch (error) {
      const transient = error instanceof TransportError && TRANSIENT_FAILURES.has(error.kind);
      if (!transient || attempt + 1 >= attempts) {
        if (error instanceof TransportError) (error as TransportError & { attempts?: number }).attempts = attempt + 1;
        throw error;
      }
      reason = (error as Error).message;
    }
    const delayMs = Math.round(backoffDelay(attempt, policy, hooks.random) * 1000);
    hooks.onRetry?.({ attempt, reason, delayMs });
    if (delayMs > 0) await sleep(delayMs);
  }
}
