/**
 * @module
 * Loads the bridge configuration: CLI flags > environment > YAML file > defaults. The YAML file is
 * `./bridge.yaml` when present or the one `--config PATH` (or env BRIDGE_CONFIG) names (then it must exist); its strings may
 * use `${VAR}` and `${VAR:-default}`. A `.env` file in the working directory is read first (it never
 * overrides variables already set). Every problem is reported at once, each naming the key and where
 * its value came from; secret values are never echoed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { isMap, isPair, isScalar, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { normalizePattern } from '../toolset/patterns.ts';
import { KEY_BY_PATH, KEYS, type BridgeConfig, type KeyDef } from './keys.ts';

/** Flags as given on the command line (undefined: not given, so lower layers decide). */
export interface CliFlags {
  version?: string;
  transport?: string;
  config?: string;
  host?: string;
  port?: string;
  readWrite?: boolean;
  debug?: boolean;
  debugNoRedact?: boolean;
  debugAllCalls?: boolean;
  insecureAllowPublic?: boolean;
  /** `--tools-mode`, `--tools-include`, `--tools-exclude` (comma-separated), `--tools-max`, `--tools-description-max`. */
  toolsMode?: string;
  toolsInclude?: string;
  toolsExclude?: string;
  toolsMax?: string;
  toolsDescriptionMax?: string;
}

export interface LoadConfigInput {
  flags?: CliFlags;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Values set by the program itself (the demo), between the environment and the CLI flags. */
  overrides?: Record<string, unknown>;
  /** Label of `overrides` in messages. */
  overridesSource?: string;
  /**
   * Built-in defaults of the program itself (the demo's port and transport), below everything else:
   * a flag, the environment or a `--config` file still choose.
   */
  defaults?: Record<string, unknown>;
  /** Label of `defaults` in messages. */
  defaultsSource?: string;
  /** Skip `./bridge.yaml` (the demo must not pick up a user's file); `--config` still counts. */
  ignoreDefaultFile?: boolean;
  /** Commands that never log in (`fetch`, `tools`) do not need the controller credentials. */
  needsCredentials?: boolean;
}

export interface BridgeSettings {
  config: BridgeConfig;
  /** `sdwan.read_write` (`--read-write`): expose mutating operations too. */
  readWrite: boolean;
  /** `--insecure-allow-public`: bind a non-loopback host without auth. */
  insecureAllowPublic: boolean;
  /** The YAML file read, if any. */
  configFile: string | null;
  /** Where each key's value came from: `default`, `env NAME`, `bridge.yaml:3:5`, `--flag`. */
  sources: Record<string, string>;
  /** Things worth a loud line on stderr at start-up. */
  warnings: string[];
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`invalid bridge configuration:\n${issues.map((i) => `  ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

function describeKind(def: KeyDef): string {
  const k = def.kind;
  if (typeof k === 'object') return `one of ${k.oneOf.join(', ')}`;
  if (k === 'statuses') return 'a list of HTTP statuses (100-599)';
  if (k === 'patterns') return 'a list of tool patterns, each area or area/topic (letters, digits, _, and the globs * and ?)';
  if (k === 'boolean') return 'a boolean (true/false, 1/0, yes/no)';
  const range = def.min !== undefined && def.max !== undefined ? ` from ${def.allowZero && def.min <= 1 ? 0 : def.min} to ${def.max}` : def.min !== undefined ? ` of at least ${def.min}` : '';
  const kind = `${k === 'integer' ? 'an integer' : k === 'number' ? 'a number' : 'a string'}${range}`;
  // Zero as a switch (no limit) apart from a range that starts higher.
  return def.allowZero && def.min !== undefined && def.min > 1 ? `0 (no limit) or ${kind}` : kind;
}

/** Parses a value (from YAML, or text from env/CLI) into the key's type; undefined when it does not fit. */
function coerce(def: KeyDef, raw: unknown): unknown {
  const k = def.kind;
  const text = typeof raw === 'string' ? raw.trim() : raw;
  if (typeof k === 'object') return typeof text === 'string' && k.oneOf.includes(text) ? text : undefined;
  switch (k) {
    case 'string':
      return typeof raw === 'string' ? raw : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : undefined;
    case 'boolean':
      if (typeof text === 'boolean') return text;
      if (typeof text === 'string' && TRUE.has(text.toLowerCase())) return true;
      if (typeof text === 'string' && FALSE.has(text.toLowerCase())) return false;
      return undefined;
    case 'integer':
    case 'number': {
      const n = typeof text === 'number' ? text : typeof text === 'string' && text !== '' && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(n) || (k === 'integer' && !Number.isInteger(n))) return undefined;
      if (def.allowZero && n === 0) return n;
      if ((def.min !== undefined && n < def.min) || (def.max !== undefined && n > def.max)) return undefined;
      return n;
    }
    case 'statuses': {
      const list = Array.isArray(text) ? text : typeof text === 'string' ? text.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
      if (!list) return undefined;
      const statuses = list.map((s) => (typeof s === 'number' ? s : /^\d+$/.test(String(s)) ? Number(s) : NaN));
      return statuses.every((s) => Number.isInteger(s) && s >= 100 && s <= 599) ? statuses : undefined;
    }
    case 'patterns': {
      const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',').filter((p) => p.trim() !== '') : undefined;
      if (!list || list.some((p) => typeof p !== 'string')) return undefined;
      const patterns = (list as string[]).map(normalizePattern);
      return patterns.every((p) => p !== null) ? [...new Set(patterns)] : undefined;
    }
  }
}

function shown(def: KeyDef, raw: unknown): string {
  if (def.secret) return '(value hidden)';
  const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
  return `got ${JSON.stringify(text && text.length > 60 ? `${text.slice(0, 57)}...` : text)}`;
}

/** `${VAR}` and `${VAR:-default}` in a YAML string; an unset variable without default is an error. */
function interpolate(text: string, env: NodeJS.ProcessEnv, missing: (name: string) => void): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (_, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (fallback !== undefined) return fallback;
    missing(name);
    return '';
  });
}

function readDotEnv(cwd: string): Record<string, string> {
  const file = resolve(cwd, '.env');
  if (!existsSync(file)) return {};
  try {
    return parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch (error) {
    throw new ConfigError([`.env: cannot be read (${(error as Error).message})`]);
  }
}

interface Layer {
  values: Map<string, { raw: unknown; source: string }>;
}

function readYamlLayer(file: string, shownAs: string, env: NodeJS.ProcessEnv, issues: string[]): Layer {
  const layer: Layer = { values: new Map() };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError([`${shownAs}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`]);
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (node: { range?: [number, number, number] | null } | null | undefined) => {
    const { line, col } = lineCounter.linePos(node?.range?.[0] ?? 0);
    return `${shownAs}:${line}:${col}`;
  };
  for (const e of doc.errors) {
    const { line, col } = lineCounter.linePos(e.pos[0]);
    issues.push(`${shownAs}:${line}:${col}: YAML error: ${e.message.split('\n')[0]}`);
  }
  if (doc.errors.length || doc.contents === null) return layer;
  if (!isMap(doc.contents)) {
    issues.push(`${at(doc.contents)}: the file must be a mapping with sections controller, sdwan, debug, transport`);
    return layer;
  }
  const walk = (node: YamlNode, prefix: string) => {
    if (!isMap(node)) return;
    for (const pair of node.items) {
      if (!isPair(pair) || !isScalar(pair.key)) continue;
      const path = prefix ? `${prefix}.${String(pair.key.value)}` : String(pair.key.value);
      const def = KEY_BY_PATH.get(path);
      const value = pair.value as YamlNode | null;
      if (def) {
        if (value === null || (isScalar(value) && value.value === null)) continue;
        let raw: unknown = isScalar(value) ? value.value : value.toJSON();
        // A plain scalar keeps its text for strings: `active_version: 20.10` is "20.10", not 20.1.
        if (def.kind === 'string' && isScalar(value) && value.type === 'PLAIN' && value.range) raw = text.slice(value.range[0], value.range[1]).trim();
        const missing = (name: string) => issues.push(`${path}: \${${name}} is not set (${at(value)})`);
        if (typeof raw === 'string') raw = interpolate(raw, env, missing);
        else if (Array.isArray(raw)) raw = raw.map((item: unknown) => (typeof item === 'string' ? interpolate(item, env, missing) : item));
        layer.values.set(path, { raw, source: at(value) });
      } else if (KEYS.some((k) => k.path.startsWith(`${path}.`))) {
        if (value && isMap(value)) walk(value, path);
        else if (value !== null) issues.push(`${path}: must be a mapping (${at(value)})`);
      } else {
        issues.push(`${path}: unknown key (${at(pair.key)})`);
      }
    }
  };
  walk(doc.contents, '');
  return layer;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = value;
}

export function loadBridgeConfig(input: LoadConfigInput = {}): BridgeSettings {
  const cwd = input.cwd ?? process.cwd();
  const flags = input.flags ?? {};
  const env: NodeJS.ProcessEnv = { ...readDotEnv(cwd), ...(input.env ?? process.env) };
  const issues: string[] = [];

  let configFile: string | null = null;
  let yaml: Layer = { values: new Map() };
  // BRIDGE_CONFIG (an extension) names the file for clients that keep --config for themselves.
  const named = flags.config !== undefined ? { path: flags.config, source: '--config' } : env.BRIDGE_CONFIG ? { path: env.BRIDGE_CONFIG, source: 'env BRIDGE_CONFIG' } : null;
  if (named) {
    configFile = isAbsolute(named.path) ? named.path : resolve(cwd, named.path);
    if (!existsSync(configFile)) throw new ConfigError([`${named.source}: ${named.path} does not exist`]);
  } else if (!input.ignoreDefaultFile && existsSync(resolve(cwd, 'bridge.yaml'))) {
    configFile = resolve(cwd, 'bridge.yaml');
  }
  if (configFile) yaml = readYamlLayer(configFile, named?.path ?? 'bridge.yaml', env, issues);

  const cli = new Map<string, { raw: unknown; source: string }>();
  if (flags.version !== undefined) cli.set('sdwan.active_version', { raw: flags.version, source: '--version' });
  if (flags.transport !== undefined) cli.set('transport.mode', { raw: flags.transport, source: '--transport' });
  if (flags.host !== undefined) cli.set('transport.host', { raw: flags.host, source: '--host' });
  if (flags.port !== undefined) cli.set('transport.port', { raw: flags.port, source: '--port' });
  if (flags.debug || flags.debugAllCalls) cli.set('debug.enabled', { raw: true, source: flags.debug ? '--debug' : '--debug-all-calls' });
  if (flags.debugNoRedact) cli.set('debug.redact', { raw: false, source: '--debug-no-redact' });
  if (flags.debugAllCalls) cli.set('debug.capture', { raw: 'all', source: '--debug-all-calls' });
  if (flags.readWrite) cli.set('sdwan.read_write', { raw: true, source: '--read-write' });
  if (flags.toolsMode !== undefined) cli.set('sdwan.tools.mode', { raw: flags.toolsMode, source: '--tools-mode' });
  if (flags.toolsInclude !== undefined) cli.set('sdwan.tools.include', { raw: flags.toolsInclude, source: '--tools-include' });
  if (flags.toolsExclude !== undefined) cli.set('sdwan.tools.exclude', { raw: flags.toolsExclude, source: '--tools-exclude' });
  if (flags.toolsMax !== undefined) cli.set('sdwan.tools.max_tools', { raw: flags.toolsMax, source: '--tools-max' });
  if (flags.toolsDescriptionMax !== undefined) cli.set('sdwan.tools.description_max_chars', { raw: flags.toolsDescriptionMax, source: '--tools-description-max' });

  const config: Record<string, unknown> = {};
  const sources: Record<string, string> = {};
  // Keys whose value was refused: checks of combinations skip them, so one mistake is reported once.
  const refused = new Set<string>();
  for (const def of KEYS) {
    const envRaw = def.env !== undefined && env[def.env] !== undefined && env[def.env] !== '' ? { raw: env[def.env], source: `env ${def.env}` } : undefined;
    const override = input.overrides && def.path in input.overrides ? { raw: input.overrides[def.path], source: input.overridesSource ?? 'program' } : undefined;
    const programDefault = input.defaults && def.path in input.defaults ? { raw: input.defaults[def.path], source: input.defaultsSource ?? 'program default' } : undefined;
    const chosen = cli.get(def.path) ?? override ?? envRaw ?? yaml.values.get(def.path) ?? programDefault;
    let value = def.default;
    let source = 'default';
    if (chosen) {
      const parsed = coerce(def, chosen.raw);
      if (parsed === undefined) {
        issues.push(`${def.path}: expected ${describeKind(def)}, ${shown(def, chosen.raw)} (from ${chosen.source})${def.hint ? `; ${def.hint}` : ''}`);
        refused.add(def.path);
      } else {
        value = parsed;
        source = chosen.source;
      }
    }
    const optional = input.needsCredentials === false && (def.path === 'controller.username' || def.path === 'controller.password');
    if (def.required && !optional && (value === '' || value === undefined)) {
      const where = def.path === 'sdwan.active_version' ? 'pass --version V or set sdwan.active_version in bridge.yaml' : `set ${def.env ? `${def.env} or ` : ''}${def.path} in bridge.yaml`;
      issues.push(`${def.path}: required; ${where}`);
    }
    setPath(config, def.path, value);
    sources[def.path] = source;
  }
  const settings: BridgeSettings = {
    config: config as unknown as BridgeConfig,
    readWrite: (config as unknown as BridgeConfig).sdwan.read_write,
    insecureAllowPublic: flags.insecureAllowPublic === true,
    configFile,
    sources,
    warnings: [],
  };
  validateCombinations(settings, issues, refused);
  if (issues.length) throw new ConfigError(issues);
  return settings;
}

const VERSION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function validateCombinations(settings: BridgeSettings, issues: string[], refused: ReadonlySet<string>): void {
  const { config: c, sources } = settings;
  const version = c.sdwan.active_version;
  if (version && !VERSION_NAME.test(version)) {
    issues.push(`sdwan.active_version: "${version}" is not a spec folder name (letters, digits, ".", "_", "-") (from ${sources['sdwan.active_version']})`);
  }
  const auth = c.transport.auth;
  if (refused.has('transport.auth.type')) {
    // Already reported; what the token must be depends on the type the user meant.
  } else if (auth.type === 'bearer' && !auth.token) {
    issues.push(`transport.auth.token: required when transport.auth.type is bearer (type from ${sources['transport.auth.type']})`);
  } else if (auth.type === 'none' && auth.token) {
    issues.push(`transport.auth.token: must be empty when transport.auth.type is none; set transport.auth.type: bearer to use it (token from ${sources['transport.auth.token']})`);
  }
  if (auth.type === 'bearer' && auth.token && auth.token.length < 16) {
    settings.warnings.push('transport.auth.token is shorter than 16 characters; use a long random token (e.g. `openssl rand -hex 32`).');
  }
  if (c.controller.retries.backoff_cap < c.controller.retries.backoff_base) {
    issues.push(`controller.retries.backoff_cap: must be at least controller.retries.backoff_base (from ${sources['controller.retries.backoff_cap']})`);
  }
  if (!c.controller.verify_ssl && c.controller.protocol === 'https') {
    settings.warnings.push(
      `TLS CERTIFICATE VERIFICATION OF THE CONTROLLER IS OFF (controller.verify_ssl: false, from ${sources['controller.verify_ssl']}). ` +
        'Anyone between the bridge and the controller can impersonate it and read the credentials. Keep it on in production.',
    );
  }
  if (c.controller.protocol === 'http' && !isLoopbackName(c.controller.host)) {
    settings.warnings.push(`controller.protocol is http for ${c.controller.host}: credentials travel unencrypted. Use http only for a simulated controller on loopback.`);
  }
  if (c.debug.enabled && !c.debug.redact) {
    settings.warnings.push('debug redaction is OFF: debug records on stderr and in tool results will contain credentials and tokens.');
  }
}

function isLoopbackName(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
