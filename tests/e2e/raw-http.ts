import { connect, type Socket } from 'node:net';

/** One answer read off the wire, with whether the server closed the connection after it. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Interim 1xx answers seen before it (100 Continue). */
  interim: number[];
  ms: number;
}

export class HangError extends Error {}

/**
 * A bare HTTP/1.1 client on one keep-alive connection, as other systems' clients and hostile ones talk:
 * it sends exactly the bytes it is given (broken escapes, wrong lengths, slow or cut bodies) and reads
 * answers itself, so a connection the server leaves unusable shows as a hang on the next request.
 */
export class RawConnection {
  private socket?: Socket;
  private buffer = Buffer.alloc(0);
  private ended = false;
  private wake?: () => void;
  /** How many times the server closed the connection and a new one was opened. */
  reconnects = 0;
  private opened = false;

  constructor(
    private readonly port: number,
    private readonly host = '127.0.0.1',
  ) {}

  private async open(): Promise<Socket> {
    if (this.socket && !this.ended && !this.socket.destroyed) return this.socket;
    if (this.opened) this.reconnects++;
    this.opened = true;
    this.socket?.destroy();
    this.socket = undefined;
    this.buffer = Buffer.alloc(0);
    this.ended = false;
    const socket = connect(this.port, this.host);
    this.socket = socket;
    // Events of a connection already replaced by a new one change nothing.
    const current = () => this.socket === socket || this.socket === undefined;
    socket.on('data', (chunk: Buffer) => {
      if (!current()) return;
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake?.();
    });
    const onEnd = () => {
      if (!current()) return;
      this.ended = true;
      this.wake?.();
    };
    socket.on('end', onEnd);
    socket.on('close', onEnd);
    socket.on('error', onEnd);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return socket;
  }

  close(): void {
    const socket = this.socket;
    this.socket = undefined;
    this.ended = true;
    socket?.destroy();
  }

  /**
   * Sends `parts` (written one after another, `gapMs` apart), then reads one final answer within `timeoutMs`.
   * `halfClose` ends the client's side after sending (a body cut short by a client that gives up).
   */
  async exchange(
    parts: (string | Buffer)[],
    options: { timeoutMs?: number; gapMs?: number; head?: boolean; halfClose?: boolean } = {},
  ): Promise<RawResponse & { closed: boolean }> {
    const socket = await this.open();
    const started = performance.now();
    const deadline = started + (options.timeoutMs ?? 5000);
    for (const [i, part] of parts.entries()) {
      if (i > 0 && options.gapMs) await new Promise((resolve) => setTimeout(resolve, options.gapMs));
      if (!socket.destroyed) socket.write(part);
    }
    if (options.halfClose) socket.end();
    const interim: number[] = [];
    for (;;) {
      const parsed = this.parse(options.head ?? false);
      if (parsed) {
        if (parsed.status >= 100 && parsed.status < 200) {
          interim.push(parsed.status);
          continue;
        }
        // A connection this side half-closed cannot carry another request.
        const closed = (parsed.headers.connection ?? '').toLowerCase() === 'close' || this.ended || !!options.halfClose;
        if (closed) this.close();
        return { ...parsed, interim, ms: performance.now() - started, closed };
      }
      if (this.ended) {
        const closed = { status: 0, headers: {}, body: Buffer.alloc(0), interim, ms: performance.now() - started, closed: true };
        this.close();
        return closed;
      }
      const left = deadline - performance.now();
      if (left <= 0) {
        this.close();
        throw new HangError(`no answer within ${options.timeoutMs ?? 5000} ms`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** One complete answer off the front of the buffer, consumed; undefined while incomplete. */
  private parse(head: boolean): Omit<RawResponse, 'interim' | 'ms'> | undefined {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const lines = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0])?.[1] ?? 0);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const start = end + 4;
    if (head || status === 204 || status === 304 || (status >= 100 && status < 200)) {
      this.buffer = this.buffer.subarray(start);
      return { status, headers, body: Buffer.alloc(0) };
    }
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (this.buffer.length < start + length) return undefined;
      const body = this.buffer.subarray(start, start + length);
      this.buffer = this.buffer.subarray(start + length);
      return { status, headers, body };
    }
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const chunks: Buffer[] = [];
      let at = start;
      for (;;) {
        const lineEnd = this.buffer.indexOf('\r\n', at);
        if (lineEnd < 0) return undefined;
        const size = parseInt(this.buffer.subarray(at, lineEnd).toString('latin1'), 16);
        if (size === 0) {
          const trailerEnd = this.buffer.indexOf('\r\n\r\n', lineEnd);
          if (trailerEnd < 0 && this.buffer.length < lineEnd + 4) return undefined;
          this.buffer = this.buffer.subarray(trailerEnd >= 0 ? trailerEnd + 4 : lineEnd + 4);
          return { status, headers, body: Buffer.concat(chunks) };
        }
        if (this.buffer.length < lineEnd + 2 + size + 2) return undefined;
        chunks.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
    }
    // No length: the body runs to the end of the connection.
    if (!this.ended) return undefined;
    const body = this.buffer.subarray(start);
    this.buffer = Buffer.alloc(0);
    return { status, headers, body };
  }
}

/** The bytes of one request: request line, headers (Host and Content-Length added), body. */
export function requestBytes(method: string, target: string, headers: Record<string, string>, body?: Buffer | string): Buffer {
  const bytes = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const all: Record<string, string> = { host: '127.0.0.1', ...headers };
  if (bytes && all['content-length'] === undefined && all['transfer-encoding'] === undefined) all['content-length'] = String(bytes.length);
  const head = `${method} ${target} HTTP/1.1\r\n${Object.entries(all)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), bytes ?? Buffer.alloc(0)]);
}
