import { describe, expect, it } from 'vitest';
import { DEMO_PORT, demoSettings } from './demo.ts';

const simulator = { host: '127.0.0.1', port: 40000, credentials: { username: 'demo', password: 'demo-password' } };

describe('the demo settings', () => {
  it('serve streamable HTTP on 8100 by default, not the inventory server’s 8000', () => {
    const settings = demoSettings({ simulator, flags: {}, sessionFlow: false, env: {} });
    expect(DEMO_PORT).toBe(8100);
    expect(settings.config.transport).toMatchObject({ mode: 'streamable-http', host: '127.0.0.1', port: 8100 });
    expect(settings.sources['transport.port']).toBe('demo default');
    expect(settings.config.controller).toMatchObject({ host: '127.0.0.1', port: 40000, protocol: 'http', use_jwt: true });
  });

  it('leave the port and transport to a flag or the environment', () => {
    expect(demoSettings({ simulator, flags: { port: '9000', transport: 'sse' }, sessionFlow: false, env: {} }).config.transport).toMatchObject({ mode: 'sse', port: 9000 });
    const stdio = demoSettings({ simulator, flags: {}, sessionFlow: true, env: { BRIDGE_TRANSPORT: 'stdio' } });
    expect(stdio.config.transport.mode).toBe('stdio');
    expect(stdio.config.controller.use_jwt).toBe(false);
  });
});
