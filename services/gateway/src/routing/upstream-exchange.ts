import { Readable } from 'node:stream';
import type { IncomingHttpHeaders } from 'node:http';
import { Pool, type Dispatcher } from 'undici';

/**
 * The gateway's side of one request to a service replica, on undici's dispatcher: the answer's head and body are
 * handed over as undici delivers them, without a response object, a body stream for small answers, or a copy of
 * the headers per layer. (@fastify/reply-from did the same job over undici's higher-level request API: a quarter of
 * the gateway's CPU per proxied request, measured in tests/bench/NOTES.md.)
 */

/** An answer that declares at most this many bytes is read whole and sent with its head in one write. */
export const WHOLE_ANSWER_MAX_BYTES = 64 * 1024;

export interface UpstreamAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The whole body (small answers, and those without one), else a stream that keeps undici's backpressure. */
  body: Buffer | Readable;
}

export interface UpstreamRequest {
  path: string;
  method: Dispatcher.HttpMethod;
  headers: IncomingHttpHeaders;
  body?: Readable;
}

export interface ExchangeCallbacks {
  /** Called once, when the head has come (and, for a small answer, its whole body). */
  onAnswer(answer: UpstreamAnswer): void;
  /** Called once, when the exchange failed before `onAnswer`; a failure after it ends the answer's stream instead. */
  onError(error: Error): void;
}

const EMPTY = Buffer.alloc(0);

/** One connection pool per replica (its origin), made on first use. */
export class UpstreamPools {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly options: Pool.Options) {}

  of(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, this.options);
      this.pools.set(origin, pool);
    }
    return pool;
  }

  /** At the gateway's close, once its own requests have been answered: what is left is cut. */
  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.destroy().catch(() => undefined)));
  }
}

/**
 * Sends `request` through `pool` and reports its answer or its failure once. Answers a function that abandons the
 * exchange (the client went away): the upstream request is aborted and nothing more is reported.
 */
export function exchange(pool: Pool, request: UpstreamRequest, callbacks: ExchangeCallbacks): (reason: Error) => void {
  let controller: Dispatcher.DispatchController | undefined;
  let abandoned: Error | undefined;
  let reported = false;
  let stream: Readable | undefined;
  let whole: { statusCode: number; headers: IncomingHttpHeaders; chunks: Buffer[] } | undefined;
  const fail = (error: Error) => {
    if (reported) return void stream?.destroy(error);
    reported = true;
    if (!abandoned) callbacks.onError(error);
  };
  const handler: Dispatcher.DispatchHandler = {
    onRequestStart(started) {
      controller = started;
      if (abandoned) started.abort(abandoned);
    },
    onResponseStart(started, statusCode, headers) {
      if (statusCode < 200 || abandoned) return; // 1xx: informational, the answer follows
      const declared = Number(headers['content-length']);
      const small = request.method === 'HEAD' || statusCode === 204 || statusCode === 304 || declared <= WHOLE_ANSWER_MAX_BYTES;
      if (small) {
        whole = { statusCode, headers: headers as IncomingHttpHeaders, chunks: [] };
        return;
      }
      stream = new Readable({ read: () => started.resume() });
      reported = true;
      callbacks.onAnswer({ statusCode, headers: headers as IncomingHttpHeaders, body: stream });
    },
    onResponseData(started, chunk) {
      if (whole) whole.chunks.push(chunk);
      else if (stream && !stream.push(chunk)) started.pause();
    },
    onResponseEnd() {
      if (stream) return void stream.push(null);
      if (!whole || reported || abandoned) return;
      reported = true;
      const { chunks } = whole;
      callbacks.onAnswer({
        statusCode: whole.statusCode,
        headers: whole.headers,
        body: chunks.length === 0 ? EMPTY : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks),
      });
    },
    onResponseError(_started, error) {
      fail(error);
    },
  };
  try {
    pool.dispatch({ path: request.path, method: request.method, headers: request.headers, body: request.body ?? null }, handler);
  } catch (error) {
    fail(error as Error);
  }
  return (reason) => {
    if (abandoned) return;
    abandoned = reason;
    controller?.abort(reason);
    stream?.destroy();
  };
}

/** The most of a body the gateway keeps to send it again; a larger one (an upload) goes to one replica only. */
export const REPLAY_MAX_BYTES = 256 * 1024;

/**
 * The client's body, readable once per attempt: an attempt reads it from the start, what earlier attempts read
 * replayed from memory and the rest taken from the client as it arrives. A replica that refuses the request (its
 * connection, or a 503 with Retry-After sent while shutting down, before it read the request) did nothing with it,
 * so the body goes whole to the next replica, whatever the method. Nothing is read from the client until an
 * upstream connection asks for the first chunk, and a body over REPLAY_MAX_BYTES is not kept.
 */
export class BodyTape {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  private ended = false;
  private listening = false;
  private current?: Readable;
  /** More than REPLAY_MAX_BYTES were read: only the attempt that read them has the body. */
  private overflowed = false;

  constructor(private readonly source: Readable) {}

  /** Whether another attempt can still be given the whole body. */
  get replayable(): boolean {
    return !this.overflowed;
  }

  /** A fresh view of the body for the next attempt (the previous one gets nothing more). */
  attempt(): Readable {
    let begun = false;
    const view: Readable = new Readable({
      read: () => {
        if (!begun) {
          begun = true;
          this.listen();
          for (const chunk of this.chunks) view.push(chunk);
          if (this.ended) return void view.push(null);
        }
        this.source.resume();
      },
    });
    this.current = view;
    return view;
  }

  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    this.source.on('data', (chunk: Buffer) => {
      if (!this.overflowed) {
        this.kept += chunk.length;
        if (this.kept <= REPLAY_MAX_BYTES) {
          this.chunks.push(chunk);
        } else {
          this.overflowed = true;
          this.chunks.length = 0;
        }
      }
      const view = this.current;
      if (!view || view.destroyed || !view.push(chunk)) this.source.pause();
    });
    this.source.once('end', () => {
      this.ended = true;
      if (this.current && !this.current.destroyed) this.current.push(null);
    });
    this.source.once('error', (error) => this.current?.destroy(error));
  }
}
