import { describe, expect, it } from 'vitest';
import { phases } from './capturingDatabase.ts';

const at = (startedMs: number, endedMs: number) => ({ startedMs, endedMs });

describe('phases', () => {
  it('puts statements issued while another ran in its phase, and starts a new one after they all ended', () => {
    const token = at(0, 1);
    const definitions = at(1, 2);
    const ids = at(2, 4);
    const count = at(2.1, 5);
    const page = at(5, 9);
    expect(phases([token, definitions, ids, count, page])).toEqual([[token], [definitions], [ids, count], [page]]);
  });

  it('keeps a statement that outlives the next in one phase with it', () => {
    const long = at(0, 10);
    const short = at(1, 2);
    const after = at(3, 4);
    expect(phases([after, short, long])).toEqual([[long, short, after]]);
  });
});
