/**
 * @module
 * The SD-WAN bridge's face: an MCP server generated from the controller's OpenAPI specs. Other folders
 * import only this file. See runtime/bridge/README.md for configuration, commands and the demo.
 */
export { openBridge, serveBridge, type Bridge, type BridgeRuntimeOptions, type RunningBridge } from './bridge.ts';
export { runBridgeCli } from './cli.ts';
export { ConfigError, loadBridgeConfig, type BridgeSettings, type CliFlags, type LoadConfigInput } from './config/loadConfig.ts';
export { KEYS, type BridgeConfig } from './config/keys.ts';
export { backoffDelay, type RetryPolicy } from './controller/retry.ts';
export { ControllerSession, isSessionExpired, LoginError } from './controller/session.ts';
export { Dispatcher } from './dispatch/dispatcher.ts';
export { type DebugRecord } from './dispatch/debugCapture.ts';
export { fetchControllerSpec, FetchError } from './fetch/fetchSpec.ts';
export { createLogger, memoryLogger, type Logger } from './logger.ts';
export { startControllerSimulator, type ControllerSimulator, type Fault, type SimulatorOptions } from './simulator/controllerSimulator.ts';
export { loadToolTable, SpecError } from './toolTable.ts';
