import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { InvalidInputError } from '../errors/domain-error';

/** One part of a multipart request as @fastify/multipart yields it. */
export interface MultipartPart {
  type: 'file' | 'field';
  fieldname: string;
  filename?: string;
  mimetype?: string;
  file?: Readable & { truncated?: boolean };
}

/** The request as a service with @fastify/multipart registered sees it. */
export interface MultipartRequest {
  isMultipart(): boolean;
  parts(): AsyncIterableIterator<MultipartPart>;
  raw: IncomingMessage;
}

export interface ReceivedFile {
  file: Readable & { truncated?: boolean };
  filename: string;
  mimetype: string;
  /** Aborted when the upload is cut short or stalls: pass it to the pipeline that takes the file. */
  signal: AbortSignal;
}

export interface SingleFileOptions {
  /** The one field the file may come in. */
  field?: string;
  /** What the file is, in messages ("the spreadsheet", "the image"). */
  what: string;
  /** No byte from the client for this long: the upload is refused as stalled. */
  idleMs?: number;
  /** The message when the file is over the size limit (multipart's fileSize). */
  tooLarge: string;
}

export interface SingleFileHandlers<T> {
  /** Takes the file's stream (e.g. to disk); must clean up after itself when the stream fails. */
  consume: (file: ReceivedFile) => Promise<T>;
  /** Undoes what `consume` made when the request turns out bad after it (a second file, a cut body). */
  discard?: (value: T) => Promise<void>;
}

/** Once the whole body has arrived, how long the multipart parser gets to finish the file before the body counts as cut short. */
const SETTLE_MS = 1000;
/** How long an aborted consume gets to clean up before the refusal is sent anyway. */
const CLEANUP_WAIT_MS = 2000;

/**
 * Reads a multipart request that carries exactly one file, in `field`, and answers what `consume` made of
 * it (e.g. the file streamed to disk). Anything else is a 400 on that field, never a hang: no file, a file
 * in another field, two files, a body cut short (no closing boundary, or the client stops sending for
 * `idleMs`), or a file over the limit.
 */
export async function receiveSingleFile<T>(
  request: MultipartRequest,
  { consume, discard }: SingleFileHandlers<T>,
  options: SingleFileOptions,
): Promise<T> {
  const field = options.field ?? 'file';
  const refuse = (message: string) => new InvalidInputError([{ path: field, message }], message);
  if (!request.isMultipart()) throw refuse(`Send ${options.what} as multipart/form-data in the field "${field}".`);

  const raw = request.raw;
  let fail: (error: Error) => void = () => undefined;
  const broken = new Promise<never>((_resolve, reject) => (fail = reject));
  broken.catch(() => undefined);
  const abort = new AbortController();
  const cut = (message: string) => {
    const error = refuse(message);
    abort.abort(error);
    fail(error);
  };
  let idle: NodeJS.Timeout | undefined;
  const idleMs = options.idleMs ?? 30_000;
  const arm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => cut(`The upload stalled: nothing arrived for ${Math.round(idleMs / 1000)} s. Try again.`), idleMs);
  };
  let settle: NodeJS.Timeout | undefined;
  const onEnd = () => {
    clearTimeout(idle);
    settle = setTimeout(() => cut(`The upload was cut short; send ${options.what} again.`), SETTLE_MS);
  };
  const onAborted = () => cut(`The upload was cut short; send ${options.what} again.`);
  // The parser is attached first: a 'data' listener of ours would otherwise start the body flowing without it.
  const parts = request.parts();
  raw.on('data', arm);
  raw.once('aborted', onAborted);
  if (raw.readableEnded) onEnd();
  else {
    raw.once('end', onEnd);
    arm();
  }

  let result: { value: T } | undefined;
  try {
    for (;;) {
      const next = await Promise.race([parts.next(), broken]);
      if (next.done) break;
      const part = next.value;
      if (part.type !== 'file' || !part.file) continue;
      if (part.fieldname !== field) {
        part.file.resume();
        throw refuse(`Send ${options.what} in the field "${field}", not "${part.fieldname}".`);
      }
      if (result) {
        part.file.resume();
        throw refuse(`Send one file at a time.`);
      }
      const consumed = consume({ file: part.file, filename: part.filename ?? '', mimetype: part.mimetype ?? '', signal: abort.signal });
      const value = await Promise.race([consumed, broken]).catch(async (error: unknown) => {
        // Cut while consuming: consume's pipeline was aborted; what it made is undone before the answer leaves.
        const undone = consumed.then(
          (made) => discard?.(made),
          () => undefined,
        );
        await Promise.race([undone, new Promise((resolve) => setTimeout(resolve, CLEANUP_WAIT_MS).unref())]);
        throw error;
      });
      result = { value };
      if (part.file.truncated) throw refuse(options.tooLarge);
    }
  } catch (error) {
    if (result) await discard?.(result.value);
    if (error instanceof InvalidInputError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(options.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw refuse('Send one file at a time.');
    throw refuse(`The upload could not be read; send ${options.what} as multipart/form-data.`);
  } finally {
    clearTimeout(idle);
    clearTimeout(settle);
    raw.off('data', arm);
    raw.off('end', onEnd);
    raw.off('aborted', onAborted);
  }
  if (!result) throw refuse(`Choose ${options.what} to upload.`);
  return result.value;
}
