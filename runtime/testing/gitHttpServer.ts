/**
 * @module
 * A real git repository served over smart HTTP on 127.0.0.1, for tests of data source syncs: git's
 * own `git http-backend` runs as a CGI program behind a small Node HTTP server, optionally behind
 * HTTP basic authentication. `gitRepository()` makes a repository with the git program (init,
 * write files, commit) that the server serves as `/<name>.git`.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const GIT_ENV = { GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com', GIT_CONFIG_NOSYSTEM: '1', HOME: tmpdir() };

export interface GitRepository {
  /** The directory of the working tree (its `.git` is what the server serves). */
  dir: string;
  /** Writes files (path → content; null deletes it), then commits them all on the current branch. */
  commit(files: Record<string, string | Buffer | null>, message?: string): Promise<void>;
  /** Runs a git command in the repository. */
  git(...args: string[]): Promise<string>;
}

/** A new repository named `name` under `root`, on branch `main`. */
export async function gitRepository(root: string, name: string): Promise<GitRepository> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  const git = async (...args: string[]) => (await run('git', args, { cwd: dir, env: { ...process.env, ...GIT_ENV }, maxBuffer: 64 << 20 })).stdout;
  await git('init', '-q', '-b', 'main');
  return {
    dir,
    git,
    async commit(files, message = 'change') {
      for (const [path, content] of Object.entries(files)) {
        const file = join(dir, path);
        if (content === null) await rm(file, { force: true });
        else {
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, content);
        }
      }
      await git('add', '-A');
      await git('commit', '-q', '--allow-empty', '-m', message);
    },
  };
}

export interface GitHttpServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Repositories' parent directory: `<url>/<name>.git` serves `<root>/<name>/.git`. */
  root: string;
  /** Requests answered so far. */
  requests: number;
  close(): Promise<void>;
}

/** Serves the repositories under a new temporary root; with `auth`, every request needs those basic credentials. */
export async function startGitHttpServer(auth?: { username: string; password: string }): Promise<GitHttpServer> {
  const root = await mkdtemp(join(tmpdir(), 'git-http-'));
  const expected = auth ? `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}` : null;
  const state = { requests: 0 };
  const server = createServer((req, res) => {
    state.requests++;
    if (expected && req.headers.authorization !== expected) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end('Unauthorized');
      return;
    }
    cgi(root, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    root,
    get requests() {
      return state.requests;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Runs `git http-backend` for one request: `/<name>.git/<rest>` maps to `<root>/<name>/.git/<rest>`. */
function cgi(root: string, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const match = /^\/([^/]+)\.git(\/.*)$/.exec(url.pathname);
  if (!match) {
    res.writeHead(404).end();
    return;
  }
  const child = spawn('git', ['http-backend'], {
    env: {
      ...process.env,
      ...GIT_ENV,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: `/${match[1]}/.git${match[2]}`,
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: req.method ?? 'GET',
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
      GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
      REMOTE_ADDR: '127.0.0.1',
    },
  });
  req.pipe(child.stdin);
  let head = Buffer.alloc(0);
  let headersDone = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (headersDone) return void res.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    headersDone = true;
    let status = 200;
    for (const line of head.subarray(0, end).toString().split('\r\n')) {
      const at = line.indexOf(':');
      const [name, value] = [line.slice(0, at).trim(), line.slice(at + 1).trim()];
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else res.setHeader(name, value);
    }
    res.writeHead(status);
    res.write(head.subarray(end + 4));
  });
  child.on('close', () => res.end());
  child.on('error', () => res.writeHead(500).end());
}
