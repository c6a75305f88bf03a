/**
 * Property: with redaction on, no live credential reaches stderr or a debug record, in any encoding,
 * wherever it turns up. fast-check draws the controller password, the session's token, XSRF token and
 * cookie, the MCP bearer token and the login flow (JWT or cookie session: the credentials of the other
 * flow are then not live, just text), puts those secrets into every position a call can
 * carry them (path, query and header parameters, body fields at any depth, a Basic header) and lets a
 * fake controller answer with them in every position an answer can (headers, JSON and text bodies,
 * error bodies, thrown errors with their stack traces, transport failures). stderr and the debug
 * records are then searched for each secret raw, URL-encoded (%20 and + forms), JSON-escaped, and
 * base64 alone and as `user:secret`. FUZZ_SEED replays a run; FUZZ_RUNS sets how many.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOOL_TABLE_FORMAT, type TableOperation, type ToolTable } from '../../contract/toolTable.ts';
import { TransportError, type HttpClient, type HttpRequest, type HttpResponse } from '../controller/httpClient.ts';
import { ControllerSession } from '../controller/session.ts';
import { memoryLogger, scrubbingLogger } from '../logger.ts';
import { ActionLookup } from './actionLookup.ts';
import type { DebugRecord } from './debugCapture.ts';
import { Dispatcher } from './dispatcher.ts';
import { SecretScrubber } from './secretScrubber.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const USERNAME = 'ops';

const echo: TableOperation = {
  operationId: 'echo',
  method: 'POST',
  path: '/echo/{id}',
  tag: 'Test - Echo',
  summary: 'Echo',
  deprecated: false,
  readOnly: true,
  params: [
    { name: 'id', in: 'path', required: true, type: 'string', items: null, enum: null, default: null, description: '' },
    { name: 'system-ip', in: 'query', required: false, type: 'string', items: null, enum: null, default: null, description: '' },
    { name: 'ids', in: 'query', required: false, type: 'array', items: 'string', enum: null, default: null, description: '' },
    { name: 'X-Trace', in: 'header', required: false, type: 'string', items: null, enum: null, default: null, description: '' },
  ],
  body: { contentType: 'application/json', required: false, shape: 'object', fields: [] },
  action: 'post_echo',
  source: 'test.yaml',
};
const table: ToolTable = {
  format: TOOL_TABLE_FORMAT,
  generated: 'test',
  version: 'test',
  title: 'Test',
  apiVersion: '1',
  sources: [],
  maxActionsPerTool: 150,
  operations: [echo],
  modes: {
    'read-only': [
      {
        name: 'test_echo',
        title: 'Test / Echo',
        tag: 'Test - Echo',
        area: 'test',
        topic: 'echo',
        description: '',
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
        inputSchema: { type: 'object', properties: { action: { type: 'string', enum: ['post_echo'], description: '' }, params: { type: 'object', description: '', additionalProperties: true } }, required: ['action'], additionalProperties: false },
        actions: [{ name: 'post_echo', operation: 0, summary: 'Echo' }],
      },
    ],
    'read-write': [],
  },
};

/** Printable ASCII with every character URLs, JSON and base64 treat specially, plus a few non-ASCII letters. */
const secretText = fc
  .array(fc.constantFrom(...'abcXYZ0129 !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~éß漢'.split('')), { minLength: 8, maxLength: 20 })
  .map((chars) => chars.join(''))
  // A secret that is mostly spaces or one repeated character could be part of ordinary text.
  .filter((s) => new Set(s).size >= 5 && s.trim().length >= 6);

type Answer = 'json' | 'error' | 'text' | 'throw' | 'transport';

interface Case {
  password: string;
  token: string;
  xsrf: string;
  cookie: string;
  bearer: string;
  flow: 'jwt' | 'session';
  answer: Answer;
  /** Which secret goes where in the call (index into the five). */
  places: { id: number; query: number; list: number; header: number; body: number; nested: number };
}

const place = fc.integer({ min: 0, max: 4 });
const caseArb: fc.Arbitrary<Case> = fc.record({
  password: secretText,
  token: secretText,
  xsrf: secretText,
  cookie: secretText.map((s) => s.replace(/[;,\s]/g, 'q')),
  bearer: secretText,
  flow: fc.constantFrom('jwt' as const, 'session' as const),
  answer: fc.constantFrom<Answer>('json', 'error', 'text', 'throw', 'transport'),
  places: fc.record({ id: place, query: place, list: place, header: place, body: place, nested: place }),
});

/** A controller that logs in with the drawn secrets and echoes requests back in the chosen way. */
function fakeController(c: Case): HttpClient {
  return {
    async send(req: HttpRequest): Promise<HttpResponse> {
      if (req.url.endsWith('/j_security_check')) {
        if (c.flow === 'jwt') return { status: 200, headers: { 'content-type': 'application/json' }, text: JSON.stringify({ token: c.token, xsrfToken: c.xsrf, expiresIn: 1800 }) };
        return { status: 200, headers: { 'set-cookie': [`JSESSIONID=${c.cookie}; Path=/`] }, text: '' };
      }
      if (req.url.endsWith('/dataservice/client/token')) return { status: 200, headers: { 'content-type': 'text/plain' }, text: c.xsrf };
      const everything = { url: req.url, headers: req.headers, body: req.body ?? null, password: c.password };
      const headers = { 'content-type': 'application/json', 'set-cookie': `JSESSIONID=${c.cookie}`, 'x-echo-url': req.url, 'x-echo-auth': req.headers.Authorization ?? req.headers.Cookie ?? '' };
      switch (c.answer) {
        case 'json':
          return { status: 200, headers, text: JSON.stringify({ echo: everything }) };
        case 'error':
          return { status: 500, headers, text: JSON.stringify({ error: { message: `cannot handle ${req.url}`, code: 'REST0001', details: JSON.stringify(everything) } }) };
        case 'text':
          return { status: 200, headers: { ...headers, 'content-type': 'text/plain' }, text: `echo ${JSON.stringify(everything)}` };
        case 'throw':
          throw new Error(`parser crashed on ${req.url} with ${JSON.stringify(req.headers)} and ${req.body}`);
        case 'transport':
          throw new TransportError('other', `write failed for ${req.url} (${req.headers.Authorization ?? req.headers.Cookie})`);
      }
    },
    close: async () => undefined,
  };
}

function spellings(secret: string): string[] {
  const forms = [
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ x: secret }).toString().slice(2),
    Buffer.from(secret).toString('base64'),
    Buffer.from(`${USERNAME}:${secret}`).toString('base64'),
    Buffer.from(`${USERNAME}:${secret}`).toString('base64url'),
  ];
  return [...forms, ...forms.map((f) => JSON.stringify(f).slice(1, -1))];
}

async function run(c: Case): Promise<{ stderr: string; records: string }> {
  const sink = memoryLogger();
  let session: ControllerSession | null = null;
  const scrubber = new SecretScrubber({ username: USERNAME, secrets: () => [...(session?.secrets() ?? [c.password]), c.bearer] });
  const log = scrubbingLogger(sink, (t) => scrubber.text(t), true);
  session = new ControllerSession({
    baseUrl: 'https://controller.test:8443',
    username: USERNAME,
    password: c.password,
    useJwt: c.flow === 'jwt',
    jwtLogin: 'j_security_check',
    timeoutMs: 1000,
    policy: { maxAttempts: 1, statuses: [], backoffBase: 0, backoffCap: 0, retryMutating: false },
    http: fakeController(c),
  });
  const dispatcher = new Dispatcher({
    lookup: new ActionLookup({ table, mode: 'read-only', tools: table.modes['read-only'] }),
    session,
    baseUrl: 'https://controller.test:8443',
    debug: { enabled: true, redact: true, capture: 'all' },
    scrubber,
    log,
  });
  const secrets = [c.password, c.token, c.xsrf, c.cookie, c.bearer];
  const p = c.places;
  const result = await dispatcher.call('test_echo', {
    action: 'post_echo',
    params: {
      id: secrets[p.id],
      'system-ip': secrets[p.query],
      ids: ['a', secrets[p.list]],
      'X-Trace': `Basic ${Buffer.from(`${USERNAME}:${secrets[p.header]}`).toString('base64')}`,
      note: secrets[p.body],
      nested: { deep: [{ value: secrets[p.nested] }] },
    },
  });
  const attached = (result.structuredContent as { debug?: DebugRecord } | undefined)?.debug;
  const lines = sink.lines.filter((l) => l.startsWith('[dispatcher][debug] '));
  expect(lines).toHaveLength(1);
  if (attached) expect(JSON.stringify(attached)).toBe(lines[0].slice('[dispatcher][debug] '.length));
  return { stderr: sink.lines.join('\n'), records: JSON.stringify(attached ?? null) };
}

describe('redaction (property)', () => {
  it('lets no live credential reach stderr or a debug record, in any encoding', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const { stderr, records } = await run(c);
        // The credentials the bridge holds in this flow (a JWT session has no cookie, a cookie session no JWT).
        const live = c.flow === 'jwt' ? [c.password, c.token, c.xsrf, c.bearer] : [c.password, c.cookie, c.xsrf, c.bearer];
        for (const secret of live) {
          for (const form of spellings(secret)) {
            expect(stderr.includes(form), `stderr holds ${JSON.stringify(form)} (of ${JSON.stringify(secret)})`).toBe(false);
            expect(records.includes(form), `the debug record holds ${JSON.stringify(form)} (of ${JSON.stringify(secret)})`).toBe(false);
          }
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('keeps the record useful: what is not a secret stays readable', async () => {
    const c: Case = { password: 'p@ss w/rd+1', token: 'tok-abcdef', xsrf: 'xsrf-abcdef', cookie: 'cookie-abcdef', bearer: 'bearer-abcdef', flow: 'jwt', answer: 'json', places: { id: 0, query: 0, list: 1, header: 0, body: 4, nested: 3 } };
    const { records, stderr } = await run(c);
    const record = JSON.parse(records) as DebugRecord;
    // The issue's case: a live secret under an ordinary query name, URL-encoded with `+` for spaces.
    expect(record.request.url).toBe('https://controller.test:8443/dataservice/echo/<redacted>?system-ip=<redacted>&ids=a&ids=<redacted>');
    expect(record.request.path).toBe('/echo/<redacted>');
    expect(record.request.query_params).toEqual({ 'system-ip': '<redacted>', ids: ['a', '<redacted>'] });
    expect(record.request.headers).toMatchObject({ Authorization: '<redacted>', 'X-XSRF-TOKEN': '<redacted>', 'X-Trace': 'Basic <redacted>', Accept: 'application/json' });
    // The cookie is no credential of a JWT session: text like any other.
    expect(record.request.body).toEqual({ note: '<redacted>', nested: { deep: [{ value: 'cookie-abcdef' }] } });
    expect(stderr).toContain('"operation_id":"echo"');
  });
});
