import { spawnSync } from 'node:child_process';
import { get, type IncomingHttpHeaders } from 'node:http';
import { connect, createServer } from 'node:net';
import { join, resolve } from 'node:path';

/** The repository's root (this file is libs/platform/src/testing/processes.ts). */
const ROOT = resolve(__dirname, '../../../..');

/** Whether something accepts a TCP connection on host:port (within a second). */
export function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port });
    const finish = (open: boolean) => {
      socket.destroy();
      done(open);
    };
    socket.setTimeout(1000, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/**
 * A GET with exactly the headers given, its body as sent: fetch would ask for compression and undo it
 * itself, so what a server sends a client that asks for none (or for brotli) is read this way.
 */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolveAnswer, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolveAnswer({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * For tests that run services from dist as child processes (as in production, and so a test can kill them):
 * the local runner's server build (`deploy/local/build.mjs --server`), which compiles libs and services with swc
 * under its lock, and only when their sources changed since the last build: a second suite rebuilding would
 * rewrite dist under a process that is loading it.
 */
export function buildServices(): void {
  const result = spawnSync(process.execPath, [join(ROOT, 'deploy/local/build.mjs'), '--server'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the server build failed:\n${result.stdout}${result.stderr}`);
}
