/**
 * @module
 * The name the bridge's messages give to its own command (`usage: sdwan-bridge …`, `run sdwan-bridge
 * fetch --version 20.18`): what the user typed to start it, so a suggested command can be pasted back.
 */

/** The package's bin (bin/sdwan-bridge.js), which runs the compiled entry dist/bridge/sdwan-bridge.js. */
export const BIN_NAME = 'sdwan-bridge';

/** npm scripts of package.json that run the CLI from the TypeScript sources. */
const SOURCE_SCRIPTS = new Set(['bridge', 'bridge:demo']);

/**
 * The program's name for the CLI module at `moduleUrl` (its `import.meta.url`). The compiled entry is
 * always `sdwan-bridge`, whatever npm script may have started it. The sources (`.ts`) are run by the
 * package's npm scripts, which set npm_lifecycle_event; both name the `bridge` script, since its usage
 * lists every command, the demo's included. Run by hand, the sources are named by the command that
 * runs them.
 */
export function programName(moduleUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  if (!new URL(moduleUrl).pathname.endsWith('.ts')) return BIN_NAME;
  if (env.npm_lifecycle_event && SOURCE_SCRIPTS.has(env.npm_lifecycle_event)) return 'npm run bridge --';
  return 'node --import tsx runtime/bridge/cli.ts';
}
