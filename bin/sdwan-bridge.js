#!/usr/bin/env node
// `sdwan-bridge [serve|fetch|tools|demo] [flags]`: the SD-WAN MCP bridge, compiled (`npm run build`
// writes dist/, and `npm ci` runs it). Same as `node dist/bridge/sdwan-bridge.js`; runtime/bridge/README.md.
const entry = new URL('../dist/bridge/sdwan-bridge.js', import.meta.url);
const { runBridgeCli } = await import(entry.href).catch((error) => {
  process.stderr.write(`sdwan-bridge: cannot load ${entry.pathname} (${error.code ?? error.message}); run \`npm run build\` in the repository\n`);
  process.exit(1);
});
// Named explicitly: the usage and the commands messages suggest say `sdwan-bridge`, as typed.
process.exit(await runBridgeCli(process.argv.slice(2), { program: 'sdwan-bridge' }));
