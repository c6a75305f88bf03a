/**
 * @module
 * Every configuration key of the bridge: its type, default, environment variable and whether its
 * value is a secret (never echoed in errors). The description's keys come first in each section;
 * keys marked "extension" are this implementation's additions, documented in runtime/bridge/README.md.
 */
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../paths.ts';

/** `patterns`: a list of tool patterns (a YAML list, or comma-separated text in env and flags). */
export type KeyKind = 'string' | 'integer' | 'number' | 'boolean' | 'statuses' | 'patterns' | { oneOf: readonly string[] };

export interface KeyDef {
  /** Dotted path, e.g. `controller.retries.max_attempts`. */
  path: string;
  kind: KeyKind;
  default: unknown;
  env?: string;
  secret?: boolean;
  /** Must end up non-empty. */
  required?: boolean;
  min?: number;
  max?: number;
  /** Zero is allowed below `min` (used by `transport.port`: 0 asks the OS for a free port; 0 means "no limit" elsewhere). */
  allowZero?: boolean;
  /** Said after the error when a value does not fit. */
  hint?: string;
}

/** Where `npm run generate` writes tool tables; the bridge looks there first. */
export const DEFAULT_TABLES_DIR = join(REPOSITORY_ROOT, 'generated', 'bridge');

export const KEYS: readonly KeyDef[] = [
  // The built-in host is the public Cisco DevNet sandbox; real use sets its own.
  { path: 'controller.host', kind: 'string', default: 'sandbox-sdwan-2.cisco.com', env: 'CONTROLLER_HOST', required: true },
  { path: 'controller.port', kind: 'integer', default: 443, env: 'CONTROLLER_PORT', min: 1, max: 65535 },
  { path: 'controller.verify_ssl', kind: 'boolean', default: true, env: 'CONTROLLER_VERIFY_SSL' },
  { path: 'controller.username', kind: 'string', default: '', env: 'CONTROLLER_USERNAME', required: true },
  { path: 'controller.password', kind: 'string', default: '', env: 'CONTROLLER_PASSWORD', required: true, secret: true },
  { path: 'controller.use_jwt', kind: 'boolean', default: true, env: 'CONTROLLER_USE_JWT' },
  { path: 'controller.timeout', kind: 'number', default: 30.0, env: 'CONTROLLER_TIMEOUT', min: 0.001 },
  { path: 'controller.retries.max_attempts', kind: 'integer', default: 3, min: 1, max: 20 },
  { path: 'controller.retries.statuses', kind: 'statuses', default: [502, 503, 504] },
  { path: 'controller.retries.backoff_base', kind: 'number', default: 0.5, min: 0 },
  { path: 'controller.retries.backoff_cap', kind: 'number', default: 8.0, min: 0 },
  { path: 'controller.retries.retry_mutating', kind: 'boolean', default: false },
  // extension: `http` only for a simulated controller on loopback.
  { path: 'controller.protocol', kind: { oneOf: ['https', 'http'] }, default: 'https' },
  // extension: `jwt_login` uses Cisco's documented POST /jwt/login instead of POST /j_security_check.
  { path: 'controller.jwt_login', kind: { oneOf: ['j_security_check', 'jwt_login'] }, default: 'j_security_check' },

  { path: 'sdwan.specs_dir', kind: 'string', default: './specs' },
  { path: 'sdwan.active_version', kind: 'string', default: '', required: true },
  { path: 'sdwan.max_actions_per_tool', kind: 'integer', default: 150, min: 0 },
  { path: 'sdwan.auto_fetch', kind: 'boolean', default: true },
  // extensions: where generated tables are read, and where auto-fetch looks.
  { path: 'sdwan.tables_dir', kind: 'string', default: DEFAULT_TABLES_DIR },
  { path: 'sdwan.fetch.site_url', kind: 'string', default: 'https://developer.cisco.com/docs/sdwan' },
  { path: 'sdwan.fetch.fragment_base', kind: 'string', default: 'https://pubhub.devnetcloud.com/media/cisco-catalyst-sd-wan-api-guide-{slug}/docs' },
  { path: 'sdwan.fetch.timeout', kind: 'number', default: 300, min: 1 },
  { path: 'sdwan.fetch.concurrency', kind: 'integer', default: 8, min: 1, max: 32 },
  // extension: the config-file form of --read-write.
  { path: 'sdwan.read_write', kind: 'boolean', default: false, env: 'BRIDGE_READ_WRITE' },
  // extensions: which tools are served, and how (runtime/bridge/toolset/).
  { path: 'sdwan.tools.mode', kind: { oneOf: ['tools', 'discover', 'hybrid'] }, default: 'tools', env: 'BRIDGE_TOOLS_MODE' },
  { path: 'sdwan.tools.include', kind: 'patterns', default: [], env: 'BRIDGE_TOOLS_INCLUDE' },
  { path: 'sdwan.tools.exclude', kind: 'patterns', default: [], env: 'BRIDGE_TOOLS_EXCLUDE' },
  { path: 'sdwan.tools.max_tools', kind: 'integer', default: 0, env: 'BRIDGE_TOOLS_MAX', min: 1, max: 100_000, allowZero: true },
  { path: 'sdwan.tools.description_max_chars', kind: 'integer', default: 0, env: 'BRIDGE_TOOLS_DESCRIPTION_MAX', min: 160, max: 1_000_000, allowZero: true },

  { path: 'debug.enabled', kind: 'boolean', default: false, env: 'BRIDGE_DEBUG' },
  { path: 'debug.redact', kind: 'boolean', default: true, env: 'BRIDGE_DEBUG_REDACT' },
  { path: 'debug.capture', kind: { oneOf: ['errors', 'all'] }, default: 'errors', env: 'BRIDGE_DEBUG_CAPTURE' },

  // BRIDGE_TRANSPORT (an extension) lets a client that owns `--transport` (the MCP Inspector CLI) choose it.
  { path: 'transport.mode', kind: { oneOf: ['stdio', 'sse', 'streamable-http'] }, default: 'stdio', env: 'BRIDGE_TRANSPORT' },
  { path: 'transport.host', kind: 'string', default: '127.0.0.1' },
  { path: 'transport.port', kind: 'integer', default: 8000, min: 1, max: 65535, allowZero: true },
  {
    path: 'transport.auth.type',
    kind: { oneOf: ['none', 'bearer'] },
    default: 'none',
    hint: 'MCP clients authenticate with a bearer token (type bearer and a token); HTTP Basic and other schemes are not supported',
  },
  { path: 'transport.auth.token', kind: 'string', default: '', secret: true },
];

export const KEY_BY_PATH = new Map(KEYS.map((k) => [k.path, k]));

export interface RetriesConfig {
  max_attempts: number;
  statuses: number[];
  backoff_base: number;
  backoff_cap: number;
  retry_mutating: boolean;
}

export interface ControllerConfig {
  host: string;
  port: number;
  verify_ssl: boolean;
  username: string;
  password: string;
  use_jwt: boolean;
  timeout: number;
  retries: RetriesConfig;
  protocol: 'https' | 'http';
  jwt_login: 'j_security_check' | 'jwt_login';
}

export interface SdwanConfig {
  specs_dir: string;
  active_version: string;
  max_actions_per_tool: number;
  auto_fetch: boolean;
  tables_dir: string;
  fetch: { site_url: string; fragment_base: string; timeout: number; concurrency: number };
  /** `--read-write`: expose the operations that change the controller. */
  read_write: boolean;
  tools: ToolsConfig;
}

/**
 * `tools` lists the tool table's tools, `discover` serves three tools that search, describe and call
 * every action, `hybrid` both (runtime/bridge/README.md "Tool sets").
 */
export type ToolsMode = 'tools' | 'discover' | 'hybrid';

export interface ToolsConfig {
  mode: ToolsMode;
  /** Patterns `area` or `area/topic` (globs `*`, `?`); empty: every tool. */
  include: string[];
  exclude: string[];
  /** Most tools listed, discovery tools included; 0: no cap. */
  max_tools: number;
  /** Longest tool description listed, in characters; 0: the full text. */
  description_max_chars: number;
}

export interface DebugConfig {
  enabled: boolean;
  redact: boolean;
  capture: 'errors' | 'all';
}

export interface TransportConfig {
  mode: 'stdio' | 'sse' | 'streamable-http';
  host: string;
  port: number;
  auth: { type: 'none' | 'bearer'; token: string };
}

export interface BridgeConfig {
  controller: ControllerConfig;
  sdwan: SdwanConfig;
  debug: DebugConfig;
  transport: TransportConfig;
}
