/**
 * @module
 * Auto-fetch: downloads a controller version's API documentation from the vendor's developer site
 * (the version page, then every fragment it lists, a few at a time with retries), stitches it into one
 * OpenAPI document, validates it with swagger-parser, and writes `specs/<version>/openapi.json`
 * atomically (a hidden temporary folder renamed into place), so a half-fetched spec never exists.
 * The site's URLs are settings (`sdwan.fetch.*`): tests point them at a local fake site.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { specDocumentProblem } from '../../../generator/index.ts';
import { createHttpClient, type HttpClient } from '../controller/httpClient.ts';
import { sendWithRetry, type RetryHooks, type RetryPolicy } from '../controller/retry.ts';
import type { Logger } from '../logger.ts';
import { FetchError } from './fetchError.ts';
import { findFragmentBase, findFragments, stitchFragments, versionSlug, type FragmentRef } from './stitchSpec.ts';

export interface FetchSpecOptions {
  version: string;
  specsDir: string;
  /** Base of the version pages: `<siteUrl>/<slug>/`. */
  siteUrl: string;
  /** Used when the page names no media bucket; `{slug}` is replaced. */
  fragmentBase: string;
  concurrency: number;
  /** Overall limit, seconds. */
  timeout: number;
  /** Replace an existing spec folder's document. */
  force?: boolean;
  log: Logger;
  /** Show a progress line that rewrites itself (on a TTY). */
  tty?: boolean;
  policy?: RetryPolicy;
  hooks?: RetryHooks;
  http?: HttpClient;
}

export { FetchError };

export interface FetchSpecResult {
  file: string;
  operations: number;
  schemas: number;
}

const FETCH_POLICY: RetryPolicy = { maxAttempts: 4, statuses: [429, 500, 502, 503, 504], backoffBase: 0.5, backoffCap: 8, retryMutating: false };
const USER_AGENT = 'sdwan-bridge-spec-fetcher (+https://github.com/)';

export async function fetchControllerSpec(options: FetchSpecOptions): Promise<FetchSpecResult> {
  const { version, log } = options;
  const slug = versionSlug(version);
  const versionDir = join(options.specsDir, version);
  if (existsSync(versionDir) && !options.force) throw new FetchError(`${versionDir} already exists; pass --force to fetch it again`);
  const http = options.http ?? createHttpClient({ verifyTls: true });
  const deadline = Date.now() + options.timeout * 1000;
  const policy = options.policy ?? FETCH_POLICY;

  const get = async (url: string): Promise<string> => {
    const left = deadline - Date.now();
    if (left <= 0) throw new FetchError(`fetching ${version} took longer than ${options.timeout} s (sdwan.fetch.timeout)`);
    try {
      const { response } = await sendWithRetry('GET', () => http.send({ method: 'GET', url, headers: { 'User-Agent': USER_AGENT, Accept: 'application/json, text/html' } }, Math.min(30_000, left)), policy, options.hooks);
      if (response.status !== 200) throw new FetchError(`${url} answered HTTP ${response.status}`);
      return response.text;
    } catch (error) {
      if (error instanceof FetchError) throw error;
      throw new FetchError(`${url}: ${(error as Error).message}`);
    }
  };

  try {
    const pageUrl = `${options.siteUrl.replace(/\/+$/, '')}/${slug}/`;
    log.info(`fetch ${version}: reading ${pageUrl}`);
    const page = await get(pageUrl).catch((error: Error) => {
      throw new FetchError(`no API documentation page for ${version}: ${error.message}`);
    });
    const refs = findFragments(page);
    const apisCount = refs.filter((r) => r.kind === 'apis').length;
    if (!apisCount) throw new FetchError(`the documentation page for ${version} (${pageUrl}) lists no API fragments; is ${version} a published controller version?`);
    const base = (findFragmentBase(page, slug) ?? options.fragmentBase.replace(/\{slug\}/g, slug)).replace(/\/+$/, '');
    log.info(`fetch ${version}: ${apisCount} operations and ${refs.length - apisCount} models from ${base}`);

    const fragments: unknown[] = new Array(refs.length);
    let done = 0;
    let nextReport = 0.25;
    const report = () => {
      done++;
      const share = done / refs.length;
      if (options.tty) process.stderr.write(`\r[bridge] fetch ${version}: ${done}/${refs.length} fragments${done === refs.length ? '\n' : ''}`);
      else if (share >= nextReport || done === refs.length) {
        log.info(`fetch ${version}: ${done}/${refs.length} fragments`);
        while (nextReport <= share) nextReport += 0.25;
      }
    };
    let cursor = 0;
    const worker = async () => {
      while (cursor < refs.length) {
        const i = cursor++;
        const ref = refs[i];
        const url = `${base}/${ref.uuid}/${ref.kind}/${ref.rest}`;
        const text = await get(url);
        try {
          fragments[i] = JSON.parse(text);
        } catch {
          throw new FetchError(`${url} is not JSON`);
        }
        report();
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency, refs.length) }, worker));

    const pick = (kind: FragmentRef['kind']) => refs.map((ref, i) => ({ ref, fragment: fragments[i] })).filter((f) => f.ref.kind === kind);
    const stitched = stitchFragments(version, pick('apis'), pick('models'));
    for (const w of stitched.warnings.slice(0, 20)) log.warn(`fetch ${version}: ${w}`);
    if (stitched.warnings.length > 20) log.warn(`fetch ${version}: ${stitched.warnings.length - 20} more fragment warnings`);
    if (!stitched.operations) throw new FetchError(`none of the fragments for ${version} was an operation`);

    // Written and validated in a hidden folder, then renamed into place in one step.
    mkdirSync(options.specsDir, { recursive: true });
    const staging = join(options.specsDir, `.fetch-${version}-${process.pid}-${Date.now()}`);
    mkdirSync(staging);
    try {
      const file = join(staging, 'openapi.json');
      writeFileSync(file, `${JSON.stringify(stitched.document, null, 1)}\n`);
      const problem = await specDocumentProblem(file);
      if (problem) throw new FetchError(`the stitched document for ${version} is not valid OpenAPI: ${problem.split('\n').slice(0, 4).join(' ')}`);
      if (existsSync(versionDir)) {
        // --force: the old folder steps aside, the new one takes its place, then the old one goes.
        const old = `${staging}-previous`;
        renameSync(versionDir, old);
        renameSync(staging, versionDir);
        rmSync(old, { recursive: true, force: true });
      } else {
        renameSync(staging, versionDir);
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
    const target = join(versionDir, 'openapi.json');
    log.info(`fetch ${version}: wrote ${target} (${stitched.operations} operations, ${stitched.schemas} schemas)`);
    return { file: target, operations: stitched.operations, schemas: stitched.schemas };
  } finally {
    if (!options.http) await http.close();
  }
}
