import { describe, expect, it } from 'vitest';
import { buildDebugRecord, fillPath, isSecretKey, MAX_CAPTURED_CHARS, REDACTED, redactHeaders, redactValue, truncateBody } from './debugCapture.ts';

describe('debug redaction', () => {
  it('redacts the credential headers, whatever their case', () => {
    const headers = { Authorization: 'Bearer t', 'x-xsrf-token': 'x', Cookie: 'JSESSIONID=1', 'Set-Cookie': 'JSESSIONID=2', 'Proxy-Authorization': 'Basic y', 'X-Api-Key': 'k', Accept: 'application/json' };
    expect(redactHeaders(headers)).toEqual({
      Authorization: REDACTED,
      'x-xsrf-token': REDACTED,
      Cookie: REDACTED,
      'Set-Cookie': REDACTED,
      'Proxy-Authorization': REDACTED,
      'X-Api-Key': REDACTED,
      Accept: 'application/json',
    });
  });

  it('redacts body and query keys that name secrets, at any depth, in a copy', () => {
    for (const key of ['token', 'xsrfToken', 'clientSecret', 'password', 'oldPassword', 'X-XSRF', 'cookie', 'apiKey', 'api_key', 'sessionId', 'session-id', 'credential', 'privateKey', 'private_key']) {
      expect(isSecretKey(key), key).toBe(true);
    }
    for (const key of ['userName', 'group', 'query', 'description', 'keyName']) expect(isSecretKey(key), key).toBe(false);
    const body = { userName: 'ops', password: 'p1', nested: { list: [{ apiKey: 'k', ok: 1 }], credentials: { any: 'thing' } } };
    const copy = redactValue(body);
    expect(copy).toEqual({ userName: 'ops', password: REDACTED, nested: { list: [{ apiKey: REDACTED, ok: 1 }], credentials: REDACTED } });
    expect(body.password).toBe('p1');
    expect(fillPath('/user/{userName}/key/{apiKey}', { userName: 'a b', apiKey: 'k/1' }, true)).toBe(`/user/a%20b/key/${encodeURIComponent(REDACTED)}`);
    expect(fillPath('/user/{userName}/key/{apiKey}', { userName: 'a b', apiKey: 'k/1' }, false)).toBe('/user/a%20b/key/k%2F1');
  });
});

describe('debug truncation', () => {
  it('replaces bodies over about 20 KB with a preview', () => {
    const big = { data: Array.from({ length: 2000 }, (_, i) => ({ i, text: 'x'.repeat(20) })) };
    const cut = truncateBody(big) as { _truncated: boolean; _original_chars: number; preview: string };
    expect(cut._truncated).toBe(true);
    expect(cut._original_chars).toBe(JSON.stringify(big).length);
    expect(cut.preview).toBe(JSON.stringify(big).slice(0, MAX_CAPTURED_CHARS));
    expect(truncateBody({ small: true })).toEqual({ small: true });
    expect(truncateBody('x'.repeat(MAX_CAPTURED_CHARS + 1))).toMatchObject({ _truncated: true, _original_chars: MAX_CAPTURED_CHARS + 1 });
  });
});

describe('debug record', () => {
  const input = {
    tool: 'monitoring_bfd',
    action: 'post_bfd_doccount',
    operationId: 'getCountPost',
    timingMs: 12.345,
    route: { template: '/statistics/bfd/doccount', params: {} },
    query: { token: 'q', site: 's 1' },
    body: { query: { condition: 'AND', rules: [] }, secret: 's' },
    request: { method: 'POST', url: 'http://h/dataservice/statistics/bfd/doccount?token=q&site=s+1', headers: { Authorization: 'Bearer abc', 'Content-Type': 'application/json' }, body: '{}' },
    response: { status: 500, headers: { 'content-type': 'application/json', 'set-cookie': 'JSESSIONID=z' }, text: '' },
    responseBody: { error: { message: 'boom', code: 'REST0001', details: '' } },
  };

  it('has the documented fields, redacted', () => {
    const record = buildDebugRecord(input, true);
    expect(record).toEqual({
      tool: 'monitoring_bfd',
      action: 'post_bfd_doccount',
      operation_id: 'getCountPost',
      timing_ms: 12.35,
      request: {
        method: 'POST',
        path: '/statistics/bfd/doccount',
        url: 'http://h/dataservice/statistics/bfd/doccount?token=%3Credacted%3E&site=s+1',
        query_params: { token: REDACTED, site: 's 1' },
        body: { query: { condition: 'AND', rules: [] }, secret: REDACTED },
        headers: { Authorization: REDACTED, 'Content-Type': 'application/json' },
      },
      response: { status_code: 500, error_code: 'REST0001', headers: { 'content-type': 'application/json', 'set-cookie': REDACTED }, body: input.responseBody },
    });
  });

  it('keeps everything when redaction is off', () => {
    const record = buildDebugRecord(input, false);
    expect(record.request.headers.Authorization).toBe('Bearer abc');
    expect(record.request.body).toEqual(input.body);
    expect(record.request.url).toBe(input.request.url);
  });
});
