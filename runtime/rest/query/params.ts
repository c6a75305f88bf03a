/**
 * @module
 * Collects bound parameters while SQL text is assembled: `params.add(v)` returns `$n`.
 */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
