import { describe, expect, it } from 'vitest';
import { programName } from './programName.ts';

describe('programName', () => {
  it('is sdwan-bridge for the compiled entry, even under an npm script', () => {
    expect(programName('file:///repo/dist/bridge/sdwan-bridge.js', {})).toBe('sdwan-bridge');
    expect(programName('file:///repo/dist/runtime/bridge/cli.js', { npm_lifecycle_event: 'bridge' })).toBe('sdwan-bridge');
  });

  it('names the npm script for the sources run by it, the command otherwise', () => {
    expect(programName('file:///repo/runtime/bridge/cli.ts', { npm_lifecycle_event: 'bridge' })).toBe('npm run bridge --');
    expect(programName('file:///repo/runtime/bridge/cli.ts', { npm_lifecycle_event: 'bridge:demo' })).toBe('npm run bridge --');
    expect(programName('file:///repo/runtime/bridge/cli.ts', { npm_lifecycle_event: 'test' })).toBe('node --import tsx runtime/bridge/cli.ts');
    expect(programName('file:///repo/runtime/bridge/cli.ts', {})).toBe('node --import tsx runtime/bridge/cli.ts');
  });
});
