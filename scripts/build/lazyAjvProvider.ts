/**
 * @module
 * Stands in for the MCP SDK's `validation/ajv-provider.js` in the bridge bundle (scripts/build/
 * bundleBridge.ts): the SDK's `Server` constructs an Ajv JSON Schema validator at once, and Ajv with
 * its formats is a quarter of what a start would load, for a feature the bridge never uses (the
 * validator checks elicitation answers). This class has the same interface and loads the real one,
 * from node_modules, on its first use.
 */
import { createRequire } from 'node:module';

interface Validator {
  getValidator<T>(schema: unknown): (input: unknown) => { valid: boolean; data?: T; errorMessage?: string };
}

export class AjvJsonSchemaValidator implements Validator {
  private real: Validator | null = null;

  constructor(private readonly ajv?: unknown) {}

  getValidator<T>(schema: unknown): (input: unknown) => { valid: boolean; data?: T; errorMessage?: string } {
    if (!this.real) {
      const { AjvJsonSchemaValidator: Real } = createRequire(import.meta.url)('@modelcontextprotocol/sdk/validation/ajv') as { AjvJsonSchemaValidator: new (ajv?: unknown) => Validator };
      this.real = new Real(this.ajv);
    }
    return this.real.getValidator<T>(schema);
  }
}
