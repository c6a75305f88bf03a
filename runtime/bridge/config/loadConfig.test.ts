import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../testing/bridge.ts';
import { KEYS } from './keys.ts';
import { ConfigError, loadBridgeConfig, type LoadConfigInput } from './loadConfig.ts';

const dirs: { remove(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

function project(files: Record<string, string> = {}): string {
  const dir = tempDir('bridge-config-');
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir.path, name), text);
  return dir.path;
}

const CREDS = { CONTROLLER_USERNAME: 'ops', CONTROLLER_PASSWORD: 'pw-from-env' };

function load(input: LoadConfigInput) {
  return loadBridgeConfig({ env: {}, ...input });
}

function issues(input: LoadConfigInput): string[] {
  try {
    load(input);
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('bridge configuration', () => {
  it('gives every key its documented default', () => {
    const s = load({ cwd: project(), env: CREDS, flags: { version: '20.18' } });
    const c = s.config;
    expect(c.controller).toMatchObject({ port: 443, verify_ssl: true, use_jwt: true, timeout: 30, protocol: 'https', jwt_login: 'j_security_check' });
    expect(c.controller.retries).toEqual({ max_attempts: 3, statuses: [502, 503, 504], backoff_base: 0.5, backoff_cap: 8, retry_mutating: false });
    expect(c.sdwan).toMatchObject({ specs_dir: './specs', active_version: '20.18', max_actions_per_tool: 150, auto_fetch: true });
    expect(c.debug).toEqual({ enabled: false, redact: true, capture: 'errors' });
    expect(c.transport).toEqual({ mode: 'stdio', host: '127.0.0.1', port: 8000, auth: { type: 'none', token: '' } });
    expect(c.controller.host).toBeTruthy();
    expect(s.readWrite).toBe(false);
    for (const key of KEYS) expect(s.sources[key.path]).toBeDefined();
    expect(s.sources['controller.port']).toBe('default');
  });

  it('takes CLI flags over environment over YAML over defaults', () => {
    const cwd = project({
      'bridge.yaml': 'controller:\n  host: yaml-host\n  port: 8443\n  timeout: 12\n  username: yaml-user\n  password: yaml-pw\nsdwan:\n  active_version: "20.15"\ntransport:\n  mode: sse\n  port: 9000\n',
    });
    const s = load({ cwd, env: { CONTROLLER_PORT: '9443', CONTROLLER_USERNAME: 'env-user' }, flags: { version: '20.18', transport: 'streamable-http', readWrite: true } });
    expect(s.config.controller.host).toBe('yaml-host');
    expect(s.sources['controller.host']).toBe('bridge.yaml:2:9');
    expect(s.config.controller.port).toBe(9443);
    expect(s.sources['controller.port']).toBe('env CONTROLLER_PORT');
    expect(s.config.controller.username).toBe('env-user');
    expect(s.config.controller.password).toBe('yaml-pw');
    expect(s.config.controller.timeout).toBe(12);
    expect(s.config.sdwan.active_version).toBe('20.18');
    expect(s.sources['sdwan.active_version']).toBe('--version');
    expect(s.config.transport.mode).toBe('streamable-http');
    expect(s.config.transport.port).toBe(9000);
    expect(s.readWrite).toBe(true);
    expect(s.configFile).toBe(join(cwd, 'bridge.yaml'));
  });

  it('maps the debug flags and variables', () => {
    const cwd = project();
    const env = { ...CREDS, BRIDGE_DEBUG: 'true', BRIDGE_DEBUG_REDACT: '0', BRIDGE_DEBUG_CAPTURE: 'all' };
    const fromEnv = load({ cwd, env, flags: { version: 'v' } }).config.debug;
    expect(fromEnv).toEqual({ enabled: true, redact: false, capture: 'all' });
    const fromFlags = load({ cwd, env: CREDS, flags: { version: 'v', debugAllCalls: true, debugNoRedact: true } });
    expect(fromFlags.config.debug).toEqual({ enabled: true, redact: false, capture: 'all' });
    expect(fromFlags.warnings.join('\n')).toMatch(/redaction is OFF/);
    expect(load({ cwd, env: { ...CREDS, BRIDGE_DEBUG: '1' }, flags: { version: 'v' } }).config.debug.enabled).toBe(true);
  });

  it('interpolates ${VAR} and ${VAR:-default} in YAML, keeping version numbers as written', () => {
    const cwd = project({
      'custom.yaml':
        'controller:\n  username: ${CONTROLLER_USERNAME}\n  password: "${SECRET_PW}"\n  host: ${CTRL_HOST:-vmanage.lab}\nsdwan:\n  active_version: 20.10\ntransport:\n  auth:\n    type: bearer\n    token: ${BRIDGE_TOKEN}\n',
    });
    const s = load({ cwd, env: { CONTROLLER_USERNAME: 'u', SECRET_PW: 'p@ss', BRIDGE_TOKEN: 'a-long-enough-token-value' }, flags: { config: 'custom.yaml' } });
    expect(s.config.controller.username).toBe('u');
    expect(s.config.controller.password).toBe('p@ss');
    expect(s.config.controller.host).toBe('vmanage.lab');
    expect(s.config.sdwan.active_version).toBe('20.10');
    expect(s.config.transport.auth).toEqual({ type: 'bearer', token: 'a-long-enough-token-value' });
    expect(issues({ cwd, env: { CONTROLLER_USERNAME: 'u', SECRET_PW: 'p' }, flags: { config: 'custom.yaml' } }).join('\n')).toMatch(/transport\.auth\.token: \$\{BRIDGE_TOKEN\} is not set \(custom\.yaml:10:12\)/);
  });

  it('loads .env without overriding the environment', () => {
    const cwd = project({ '.env': 'CONTROLLER_USERNAME=dotenv-user\nCONTROLLER_PASSWORD=dotenv-pw\nCONTROLLER_PORT=7443\n' });
    const s = load({ cwd, env: { CONTROLLER_PORT: '6443' }, flags: { version: 'v' } });
    expect(s.config.controller.username).toBe('dotenv-user');
    expect(s.config.controller.port).toBe(6443);
  });

  it('rejects a --config file that does not exist, naming it', () => {
    expect(issues({ cwd: project(), env: CREDS, flags: { config: 'missing.yaml', version: 'v' } })).toEqual(['--config: missing.yaml does not exist']);
    expect(issues({ cwd: project(), env: { ...CREDS, BRIDGE_CONFIG: '/nowhere/b.yaml' }, flags: { version: 'v' } })).toEqual(['env BRIDGE_CONFIG: /nowhere/b.yaml does not exist']);
    const named = project({ 'elsewhere.yaml': 'controller:\n  port: 8443\n' });
    expect(load({ cwd: named, env: { ...CREDS, BRIDGE_CONFIG: join(named, 'elsewhere.yaml') }, flags: { version: 'v' } }).config.controller.port).toBe(8443);
    const cwd = project();
    expect(issues({ cwd, env: CREDS, flags: { config: '.', version: 'v' } })).toEqual(['.: cannot be read (EISDIR)']);
  });

  it('names the key and the source of every bad value, never echoing secrets', () => {
    const cwd = project({ 'bridge.yaml': 'controller:\n  prot: 1\n  retries:\n    statuses: [502, 999]\nsdwan:\n  max_actions_per_tool: -1\n' });
    const found = issues({ cwd, env: { CONTROLLER_PORT: 'abc', CONTROLLER_VERIFY_SSL: 'maybe', BRIDGE_DEBUG_CAPTURE: 'some', CONTROLLER_PASSWORD: '' }, flags: { transport: 'websocket' } });
    const text = found.join('\n');
    expect(text).toMatch(/controller\.prot: unknown key \(bridge\.yaml:2:3\)/);
    expect(text).toMatch(/controller\.retries\.statuses: expected a list of HTTP statuses .*\(from bridge\.yaml:4:15\)/);
    expect(text).toMatch(/sdwan\.max_actions_per_tool: expected an integer of at least 0, got "-1" \(from bridge\.yaml:6:25\)/);
    expect(text).toMatch(/controller\.port: expected an integer from 1 to 65535, got "abc" \(from env CONTROLLER_PORT\)/);
    expect(text).toMatch(/controller\.verify_ssl: expected a boolean .* \(from env CONTROLLER_VERIFY_SSL\)/);
    expect(text).toMatch(/debug\.capture: expected one of errors, all, got "some" \(from env BRIDGE_DEBUG_CAPTURE\)/);
    expect(text).toMatch(/transport\.mode: expected one of stdio, sse, streamable-http, got "websocket" \(from --transport\)/);
    expect(text).toMatch(/controller\.username: required; set CONTROLLER_USERNAME or controller\.username in bridge\.yaml/);
    expect(text).toMatch(/sdwan\.active_version: required; pass --version V/);
    const secret = issues({ cwd: project({ 'bridge.yaml': 'transport:\n  auth:\n    token: [hunter2-secret]\n' }), env: CREDS, flags: { version: 'v' } }).join('\n');
    expect(secret).toMatch(/transport\.auth\.token: expected a string, \(value hidden\)/);
    expect(secret).not.toContain('hunter2');
  });

  it('validates the transport auth combination at load time', () => {
    const cwd = project();
    const base = { cwd, env: CREDS, flags: { version: 'v' } };
    const withYaml = (yaml: string) => issues({ ...base, cwd: project({ 'bridge.yaml': yaml }) }).join('\n');
    expect(withYaml('transport:\n  auth:\n    type: bearer\n')).toMatch(/transport\.auth\.token: required when transport\.auth\.type is bearer/);
    expect(withYaml('transport:\n  auth:\n    token: abcdefghijklmnopqrstuvwxyz\n')).toMatch(/transport\.auth\.token: must be empty when transport\.auth\.type is none/);
    // An unknown type is reported once, as what it is, whatever the token (not "token must be empty when type is none").
    expect(issues({ ...base, cwd: project({ 'bridge.yaml': 'transport:\n  auth:\n    type: basic\n    token: abcdefghijklmnopqrstuvwxyz\n' }) })).toEqual([
      'transport.auth.type: expected one of none, bearer, got "basic" (from bridge.yaml:3:11); MCP clients authenticate with a bearer token (type bearer and a token); HTTP Basic and other schemes are not supported',
    ]);
    const short = load({ ...base, cwd: project({ 'bridge.yaml': 'transport:\n  auth:\n    type: bearer\n    token: short-token\n' }) });
    expect(short.warnings.join('\n')).toMatch(/shorter than 16 characters/);
  });

  it('warns loudly when TLS verification is off, and rejects path-like versions', () => {
    const s = load({ cwd: project(), env: { ...CREDS, CONTROLLER_VERIFY_SSL: 'false' }, flags: { version: '20.18' } });
    expect(s.warnings.join('\n')).toMatch(/TLS CERTIFICATE VERIFICATION OF THE CONTROLLER IS OFF .*env CONTROLLER_VERIFY_SSL/);
    expect(issues({ cwd: project(), env: CREDS, flags: { version: '../etc' } }).join('\n')).toMatch(/sdwan\.active_version: "\.\.\/etc" is not a spec folder name/);
  });

  it('reads sdwan.tools and sdwan.read_write from YAML, environment and flags', () => {
    const cwd = project({
      'bridge.yaml': 'sdwan:\n  read_write: yes\n  tools:\n    mode: hybrid\n    include: [Monitoring/BFD, "troubleshooting*"]\n    exclude:\n      - "${EXCLUDED}"\n    max_tools: 40\n    description_max_chars: 300\n',
    });
    const fromYaml = load({ cwd, env: { ...CREDS, EXCLUDED: 'admin*' }, flags: { version: 'v' } });
    expect(fromYaml.config.sdwan.tools).toEqual({ mode: 'hybrid', include: ['monitoring/bfd', 'troubleshooting*'], exclude: ['admin*'], max_tools: 40, description_max_chars: 300 });
    expect(fromYaml.readWrite).toBe(true);
    expect(fromYaml.sources['sdwan.tools.include']).toBe('bridge.yaml:5:14');
    const env = { ...CREDS, EXCLUDED: 'x', BRIDGE_TOOLS_MODE: 'discover', BRIDGE_TOOLS_INCLUDE: 'monitoring, configuration/policy_*', BRIDGE_TOOLS_MAX: '0', BRIDGE_READ_WRITE: 'false' };
    const fromEnv = load({ cwd, env, flags: { version: 'v' } });
    expect(fromEnv.config.sdwan.tools).toMatchObject({ mode: 'discover', include: ['monitoring', 'configuration/policy_*'], max_tools: 0 });
    expect(fromEnv.readWrite).toBe(false);
    const fromFlags = load({ cwd, env, flags: { version: 'v', toolsMode: 'tools', toolsInclude: 'a,b/c', toolsExclude: '', toolsMax: '12', toolsDescriptionMax: '0', readWrite: true } });
    expect(fromFlags.config.sdwan.tools).toEqual({ mode: 'tools', include: ['a', 'b/c'], exclude: [], max_tools: 12, description_max_chars: 0 });
    expect(fromFlags.sources['sdwan.tools.max_tools']).toBe('--tools-max');
    expect(fromFlags.readWrite).toBe(true);
    expect(load({ cwd: project(), env: CREDS, flags: { version: 'v' } }).config.sdwan.tools).toEqual({ mode: 'tools', include: [], exclude: [], max_tools: 0, description_max_chars: 0 });
  });

  it('names the key, the value and the source of a bad tools setting', () => {
    const cwd = project({ 'bridge.yaml': 'sdwan:\n  tools:\n    mode: all\n    include: ["Monitoring - BFD"]\n    max_tools: -5\n    shape: round\n' });
    const found = issues({ cwd, env: { ...CREDS, BRIDGE_TOOLS_DESCRIPTION_MAX: '50', BRIDGE_TOOLS_EXCLUDE: 'a/b/c' }, flags: { version: 'v' } });
    expect(found).toEqual([
      'sdwan.tools.shape: unknown key (bridge.yaml:6:5)',
      'sdwan.tools.mode: expected one of tools, discover, hybrid, got "all" (from bridge.yaml:3:11)',
      'sdwan.tools.include: expected a list of tool patterns, each area or area/topic (letters, digits, _, and the globs * and ?), got "[\\"Monitoring - BFD\\"]" (from bridge.yaml:4:14)',
      'sdwan.tools.exclude: expected a list of tool patterns, each area or area/topic (letters, digits, _, and the globs * and ?), got "a/b/c" (from env BRIDGE_TOOLS_EXCLUDE)',
      'sdwan.tools.max_tools: expected an integer from 0 to 100000, got "-5" (from bridge.yaml:5:16)',
      'sdwan.tools.description_max_chars: expected 0 (no limit) or an integer from 160 to 1000000, got "50" (from env BRIDGE_TOOLS_DESCRIPTION_MAX)',
    ]);
  });

  it('lets offline commands run without credentials', () => {
    const s = load({ cwd: project(), flags: { version: '20.18' }, needsCredentials: false });
    expect(s.config.controller.username).toBe('');
  });
});
