import { describe, expect, it } from 'vitest';
import { ChangeCount, isPlainRead } from './changeCount.ts';

describe('isPlainRead', () => {
  it('tells reads from statements that may write', () => {
    expect(isPlainRead('SELECT 1')).toBe(true);
    expect(isPlainRead('  select * from dcim_site')).toBe(true);
    expect(isPlainRead('WITH rows AS MATERIALIZED (SELECT * FROM t) SELECT count(*) FROM rows')).toBe(true);
    expect(isPlainRead('WITH gone AS (DELETE FROM t RETURNING id) SELECT count(*) FROM gone')).toBe(false);
    expect(isPlainRead('UPDATE users_token SET last_used = now()')).toBe(false);
    expect(isPlainRead('INSERT INTO t VALUES (1)')).toBe(false);
    expect(isPlainRead('BEGIN')).toBe(false);
  });
});

describe('ChangeCount', () => {
  it('counts a statement that may write once it has ended, failed or not, and no read', async () => {
    const count = new ChangeCount();
    const query = count.counting(async (text) => {
      if (text.includes('fail')) throw new Error('failed');
      return [];
    });
    await query('SELECT 1');
    expect(count.value).toBe(0);
    const pending = query('DELETE FROM t');
    expect(count.value).toBe(0);
    await pending;
    expect(count.value).toBe(1);
    await expect(query('UPDATE fail')).rejects.toThrow('failed');
    expect(count.value).toBe(2);
  });

  it('counts a transaction once it has ended', async () => {
    const count = new ChangeCount();
    let finish!: () => void;
    const work = count.after(new Promise<void>((resolve) => (finish = resolve)));
    expect(count.value).toBe(0);
    finish();
    await work;
    expect(count.value).toBe(1);
    await expect(count.after(Promise.reject(new Error('rolled back')))).rejects.toThrow('rolled back');
    expect(count.value).toBe(2);
  });
});
