#!/usr/bin/env node
// `netbox-inventory [--host H] [--port P] [--data-dir D]`: the inventory API server, compiled
// (`npm run build` writes dist/, and `npm ci` runs it). Same as `node dist/server/netbox-inventory.js`.
const entry = new URL('../dist/server/netbox-inventory.js', import.meta.url);
await import(entry.href).catch((error) => {
  process.stderr.write(`netbox-inventory: cannot start ${entry.pathname} (${error.code ?? error.message}); run \`npm run build\` in the repository\n`);
  process.exit(1);
});
