import { describe, expect, it } from 'vitest';
import { DEFAULT_TRACE_WIDTH, traceWidth } from './width.ts';

const width = (query: string) => traceWidth(new URLSearchParams(query));

describe('the trace drawing’s width', () => {
  it('is NetBox’s default (400) when absent or not an integer as Python’s int() reads it', () => {
    expect(DEFAULT_TRACE_WIDTH).toBe(400);
    for (const query of ['', 'width=', 'width=abc', 'width=12.5', 'width=1e3', 'width=0x10', 'width=1__0', 'width=_1', 'width=1_', `width=${'9'.repeat(400)}`]) expect(width(query)).toBe(400);
  });

  it('reads what int() reads, the last one given, without a bound', () => {
    expect(width('width=600')).toBe(600);
    expect(width('width=%20%2B1_000%0A')).toBe(1000);
    expect(width('width=007')).toBe(7);
    expect(width('width=-20')).toBe(-20);
    expect(width('width=100&width=900')).toBe(900);
    expect(width('width=100&width=x')).toBe(400);
  });
});
