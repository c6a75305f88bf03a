import { describe, expect, it } from 'vitest';
import { DatabaseError } from '../db/index.ts';
import { describeError } from './log.ts';

describe('describeError', () => {
  it('logs a database error by code and place, never its parameters or quoted input', () => {
    const error = new DatabaseError('invalid input syntax for type integer: "hunter2"', { code: '22P02', table: 'users_user', column: 'id' });
    Object.assign(error, { parameters: ['pbkdf2_sha256$secret-hash'], query: 'INSERT …' });
    const line = describeError(error);
    expect(line).toBe('DatabaseError 22P02: invalid input syntax for type integer: "…" (table users_user, column id)');
    expect(line).not.toContain('hunter2');
    expect(line).not.toContain('secret-hash');
  });

  it('logs a driver error that carries the statement parameters without them', () => {
    const driverError = Object.assign(new Error('null value in column "is_superuser" of relation "users_user" violates not-null constraint'), {
      code: '23502',
      table_name: 'users_user',
      column_name: 'is_superuser',
      parameters: ['alice', 'scrypt$salt$hash'],
    });
    const line = describeError(driverError);
    expect(line).toContain('23502');
    expect(line).not.toContain('scrypt$');
  });

  it('logs other errors with their stack frames', () => {
    expect(describeError(new TypeError('boom'))).toMatch(/^TypeError: boom\n\s+at /);
  });
});
