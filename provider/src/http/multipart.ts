import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { Request } from 'express';
import busboy from 'busboy';
import { PRIVATE_FILE_MODE } from '../store/privateDataDir.js';

/** One uploaded file of a multipart/form-data request, read whole (it is bounded by `maxFileBytes`). */
export interface UploadedFile {
  readonly field: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly data: Buffer;
}

export type UploadOutcome =
  | { readonly ok: true; readonly files: readonly UploadedFile[] }
  | {
      readonly ok: false;
      readonly reason: string;
      /** A file was larger than `maxFileBytes`. */
      readonly tooLarge?: boolean;
    };

export interface UploadLimits {
  /** The largest file accepted, in bytes: a file of exactly this size is read, one byte more is refused. */
  readonly maxFileBytes: number;
  readonly maxFiles: number;
}

/** A refused body is read and thrown away up to this much; past it the connection is cut. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * A refused upload is no longer parsed, but the rest of its body must not stay unread on the
 * kept-alive connection: it would jam the next request sent on it (the gateway's, for anyone).
 * It is read and discarded while the refusal is answered, so the connection stays usable; a
 * body beyond DRAIN_LIMIT_BYTES gets its connection cut instead.
 */
function discardRestOfBody(request: Request): void {
  request.unpipe();
  if (request.complete) return;
  let discarded = 0;
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DRAIN_LIMIT_BYTES) request.socket.destroy();
  });
  request.resume();
}

/**
 * Reads the files of a multipart/form-data request with busboy (fields are ignored). Answers
 * why not when the request is not well-formed multipart, a file is larger than allowed or the
 * client goes away; never throws.
 */
export function readUploadedFiles(request: Request, limits: UploadLimits): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: UploadOutcome) => {
      if (settled) return;
      settled = true;
      if (!outcome.ok) discardRestOfBody(request);
      resolve(outcome);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        // busboy stops a file when it reaches `fileSize` bytes, so a file of exactly the limit would
        // be cut: it is asked for one byte more, and reaching that is what refuses a file.
        limits: {
          fileSize: limits.maxFileBytes + 1,
          files: limits.maxFiles,
          fields: 32,
          parts: 64,
          fieldSize: 64 * 1024,
        },
        // File names as sent: a name with folders in it is the handler's to refuse, not to be shortened silently.
        preservePath: true,
      });
    } catch (error) {
      settle({ ok: false, reason: error instanceof Error ? error.message : 'not multipart/form-data' });
      return;
    }
    const files: UploadedFile[] = [];
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () =>
        settle({ ok: false, reason: `file larger than ${limits.maxFileBytes} bytes`, tooLarge: true }),
      );
      // A body that ends inside a file fails the file stream itself: without this listener the
      // error would be uncaught and take the process down.
      stream.on('error', (error: unknown) =>
        settle({ ok: false, reason: error instanceof Error ? error.message : 'malformed multipart body' }),
      );
      stream.on('end', () => {
        files.push({ field, fileName: info.filename ?? '', contentType: info.mimeType, data: Buffer.concat(chunks) });
      });
    });
    parser.on('filesLimit', () => settle({ ok: false, reason: `more than ${limits.maxFiles} files` }));
    parser.on('close', () => settle({ ok: true, files }));
    parser.on('error', (error: unknown) =>
      settle({ ok: false, reason: error instanceof Error ? error.message : 'malformed multipart body' }),
    );
    request.on('aborted', () => settle({ ok: false, reason: 'upload aborted' }));
    request.pipe(parser);
  });
}

/** One uploaded file of a multipart/form-data request, written to a file of its own as it arrived. */
export interface SavedFile {
  readonly field: string;
  readonly fileName: string;
  readonly contentType: string;
  /** Where its bytes are: the caller removes it (SavedUpload.remove). */
  readonly path: string;
}

export type SavedUpload =
  | { readonly ok: true; readonly files: readonly SavedFile[]; remove(): Promise<void> }
  | { readonly ok: false; readonly reason: string; readonly tooLarge?: boolean };

/**
 * As readUploadedFiles, but each file streamed to a new private file `<prefix>-<n>` in
 * `directory` (which must exist) as its bytes arrive, so no upload is ever whole in memory. A
 * refused upload leaves no file behind; an accepted one's files are the caller's to remove.
 */
export async function saveUploadedFiles(
  request: Request,
  limits: UploadLimits,
  directory: string,
  prefix: string,
): Promise<SavedUpload> {
  const files: SavedFile[] = [];
  const outs: WriteStream[] = [];
  const written: Promise<unknown>[] = [];
  const remove = async () => {
    // A refused upload's files may never end (their part is no longer read): they are cut.
    for (const out of outs) if (!out.writableFinished) out.destroy();
    await Promise.allSettled(written);
    await Promise.all(files.map((file) => rm(file.path, { force: true })));
  };
  const outcome = await new Promise<UploadOutcome>((resolve) => {
    let settled = false;
    const settle = (result: UploadOutcome) => {
      if (settled) return;
      settled = true;
      if (!result.ok) discardRestOfBody(request);
      resolve(result);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        // One byte more than the limit, as readUploadedFiles asks, so a file of exactly the limit is whole.
        limits: {
          fileSize: limits.maxFileBytes + 1,
          files: limits.maxFiles,
          fields: 32,
          parts: 64,
          fieldSize: 64 * 1024,
        },
        preservePath: true,
      });
    } catch (error) {
      settle({ ok: false, reason: error instanceof Error ? error.message : 'not multipart/form-data' });
      return;
    }
    parser.on('file', (field, stream, info) => {
      const path = join(directory, `${prefix}-${files.length}`);
      files.push({ field, fileName: info.filename ?? '', contentType: info.mimeType, path });
      const out = createWriteStream(path, { mode: PRIVATE_FILE_MODE });
      outs.push(out);
      const done = finished(out);
      // Told when the upload is settled (allSettled below), not as an unhandled rejection meanwhile.
      done.catch(() => undefined);
      written.push(done);
      // Back-pressure: busboy (and so the request) waits while the disk catches up.
      stream.pipe(out);
      stream.on('limit', () =>
        settle({ ok: false, reason: `file larger than ${limits.maxFileBytes} bytes`, tooLarge: true }),
      );
      stream.on('error', (error: unknown) => {
        out.destroy();
        settle({ ok: false, reason: error instanceof Error ? error.message : 'malformed multipart body' });
      });
      out.on('error', (error) => settle({ ok: false, reason: `the upload could not be kept: ${error.message}` }));
    });
    parser.on('filesLimit', () => settle({ ok: false, reason: `more than ${limits.maxFiles} files` }));
    parser.on('close', () => settle({ ok: true, files: [] }));
    parser.on('error', (error: unknown) =>
      settle({ ok: false, reason: error instanceof Error ? error.message : 'malformed multipart body' }),
    );
    request.on('aborted', () => settle({ ok: false, reason: 'upload aborted' }));
    request.pipe(parser);
  });
  if (!outcome.ok) {
    await remove();
    return outcome;
  }
  // Every file on the disk whole before anyone reads it.
  const flushed = await Promise.allSettled(written);
  const failed = flushed.find((result) => result.status === 'rejected');
  if (failed) {
    await remove();
    return { ok: false, reason: `the upload could not be kept: ${String(failed.reason)}` };
  }
  return { ok: true, files, remove };
}
