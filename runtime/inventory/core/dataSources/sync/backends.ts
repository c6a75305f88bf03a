/**
 * @module
 * NetBox's data backends: how a source's files are brought in for a sync. `local` reads the
 * directory its URL names (`file:///srv/configs` or `/srv/configs`); `git` makes a shallow clone
 * (depth 1) of one branch into a temporary directory, removed afterwards, and reads the files from
 * the commit's tree, through isomorphic-git (pure JavaScript: no git program is needed on the
 * server), with the source's `username`/`password` parameters for HTTP(S) unless the URL carries a user of its own
 * (NetBox's #20902), and a time limit. `amazon-s3` is a backend NetBox has and this server does
 * not serve: its syncs fail saying so. A failure is a SyncError whose message is NetBox's
 * (`Fetching remote data failed (HttpError): …`), with any password in it hidden.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import git from 'isomorphic-git';
import http from 'isomorphic-git/http/node';
import { listFiles, readFiles, sourceFile, type SourceFile } from './readTree.ts';

/** A sync that cannot go on; its message is the data source's failure reason. */
export class SyncError extends Error {}

export interface SourceSpec {
  type: string;
  url: string;
  parameters: Record<string, unknown> | null;
}

export interface FetchOptions {
  /** How long a clone may take, in milliseconds. */
  timeoutMs: number;
}

/** What `fetch` yields: the source's files (those `ignored` does not leave out), and what frees them. */
export interface Fetched {
  read(ignored: (path: string) => boolean): Promise<SourceFile[]>;
  release(): Promise<void>;
}

/** How long a clone may take unless told otherwise: the sync runs in the request. */
export const DEFAULT_CLONE_TIMEOUT_MS = 60_000;

/** The URL's scheme as Python's urlparse finds it, lower-cased (`''` for a plain path). */
export function urlScheme(url: string): string {
  return /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url)?.[1].toLowerCase() ?? '';
}

/** A URL with its password (and a user's secret given inline) replaced, for messages and logs. */
export function withoutCredentials(text: string): string {
  return text.replace(/(\/\/[^/@\s:]*):[^/@\s]*@/g, '$1:***@');
}

/** NetBox's LocalBackend: the path of the URL (`file://` stripped); it must be a directory here. */
async function fetchLocal(url: string): Promise<Fetched> {
  const root = urlScheme(url) === 'file' ? decodeURIComponent(new URL(url).pathname) : url;
  // NetBox walks a missing directory as an empty one and deletes every file; a sync that cannot
  // read its source fails instead, so that nothing is removed by a typo or an unmounted volume.
  const found = await stat(root).catch(() => null);
  if (!found?.isDirectory()) throw new SyncError(`Fetching local data failed: ${root} is not a directory.`);
  return { read: async (ignored) => readFiles(root, await listFiles(root, ignored)), release: async () => {} };
}

/** NetBox's GitBackend, over HTTP(S): a shallow clone of `branch` (else the default branch). */
async function fetchGit(url: string, parameters: Record<string, unknown>, options: FetchOptions): Promise<Fetched> {
  const dir = await mkdtemp(join(tmpdir(), 'netbox-datasource-'));
  const release = () => rm(dir, { recursive: true, force: true });
  const branch = typeof parameters.branch === 'string' && parameters.branch ? parameters.branch : undefined;
  const username = typeof parameters.username === 'string' ? parameters.username : '';
  const password = typeof parameters.password === 'string' ? parameters.password : '';
  const embedded = /^[a-z][a-z0-9+.-]*:\/\/[^/@]+@/i.test(url);
  const useCredentials = ['http', 'https'].includes(urlScheme(url)) && !embedded && !!username;
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(Object.assign(new Error(`the clone took longer than ${options.timeoutMs / 1000} s`), { name: 'TimeoutError' }));
    }, options.timeoutMs);
  });
  try {
    await Promise.race([
      git.clone({
        fs,
        http: { request: (request) => http.request({ ...request, signal: abort.signal }) },
        dir,
        url,
        ref: branch,
        singleBranch: true,
        depth: 1,
        noTags: true,
        // The files are read from the cloned commit's tree: writing them out first cost twice the clone.
        noCheckout: true,
        // Without onAuthFailure, wrong credentials are not tried again: the 401 is the error.
        onAuth: useCredentials ? () => ({ username, password }) : undefined,
      }),
      timedOut,
    ]);
    return { read: (ignored) => readCommit(dir, ignored), release };
  } catch (error) {
    abort.abort();
    await release();
    const e = error as { code?: string; name?: string; message?: string; data?: { statusCode?: number; statusMessage?: string } };
    const name = e.code ?? e.name ?? 'Error';
    throw new SyncError(withoutCredentials(`Fetching remote data failed (${name}): ${e.message ?? String(error)}`));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The files of the cloned commit, as a walk of its checkout finds them (readTree.ts): a top-level
 * directory whose name starts with `.` is skipped with all below it. Symbolic links (which a
 * walk of a checkout would follow, to any file of the server) and submodules are left out.
 */
async function readCommit(dir: string, ignored: (path: string) => boolean): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  await git.walk({
    fs,
    dir,
    trees: [git.TREE({ ref: 'HEAD' })],
    // One cache for the whole walk: the packfile and its index are parsed once, not per object.
    cache: {},
    map: async (path, [entry]) => {
      if (path === '.') return true;
      if (!entry) return null;
      const type = await entry.type();
      if (type === 'tree') return path.startsWith('.') && !path.includes('/') ? null : true;
      if (type !== 'blob' || (await entry.mode()) === 0o120000 || ignored(path)) return null;
      const bytes = await entry.content();
      if (bytes) files.push(sourceFile(path, bytes));
      return null;
    },
  });
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The backends this server can fetch from, by data source type. */
const BACKENDS: Readonly<Record<string, (source: SourceSpec, options: FetchOptions) => Promise<Fetched>>> = {
  local: (source) => fetchLocal(source.url),
  git: (source, options) => fetchGit(source.url, source.parameters ?? {}, options),
};

/** Brings the source's files to a local directory; `release()` removes what was made for it. */
export async function fetchSource(source: SourceSpec, options: FetchOptions): Promise<Fetched> {
  const backend = Object.hasOwn(BACKENDS, source.type) ? BACKENDS[source.type] : undefined;
  if (!backend) throw new SyncError(`The ${source.type} backend is not available on this server.`);
  return backend(source, options);
}
