/**
 * @module
 * The bridge's only output channel for humans: stderr. In stdio mode stdout carries JSON-RPC, so
 * nothing in runtime/bridge/ may write to stdout (the `tools` CLI command prints its listing through
 * `out`, never while serving). Tests pass a sink to read what was logged.
 */

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** One raw line (debug records carry their own prefix). */
  line(text: string): void;
}

export function createLogger(sink: (line: string) => void = (l) => process.stderr.write(`${l}\n`), prefix = '[bridge]'): Logger {
  return {
    info: (m) => sink(`${prefix} ${m}`),
    warn: (m) => sink(`${prefix} WARNING: ${m}`),
    error: (m) => sink(`${prefix} ERROR: ${m}`),
    line: (t) => sink(t),
  };
}

/** A logger that keeps lines in memory, for tests. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(createLogger((l) => lines.push(l)), { lines });
}

/**
 * A logger whose lines pass through `scrub` first (live credentials out). Debug record lines
 * (`line`) are scrubbed only when `scrubRecords`: with `debug.redact: false` they carry credentials
 * on purpose.
 */
export function scrubbingLogger(log: Logger, scrub: (text: string) => string, scrubRecords: boolean): Logger {
  return {
    info: (m) => log.info(scrub(m)),
    warn: (m) => log.warn(scrub(m)),
    error: (m) => log.error(scrub(m)),
    line: (t) => log.line(scrubRecords ? scrub(t) : t),
  };
}
