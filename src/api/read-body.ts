import type { Deadline } from './deadline';

export interface BodyReadOptions {
  /** Each read races it (Cancel or a stall stops at once); each chunk is a sign of life for it. */
  deadline: Deadline;
  /** Stop as soon as the body grows past this many bytes (`tooLarge`); the rest is never read. */
  limit?: number | undefined;
  /** Bytes received so far, after each chunk. */
  onProgress?: ((received: number) => void) | undefined;
}

export interface BodyRead {
  chunks: Uint8Array<ArrayBuffer>[];
  size: number;
  /** The body passed `limit`: `chunks` hold only its start. */
  tooLarge: boolean;
}

/**
 * Reads a response body to its end (a missing body reads as empty). A failure, an abort or the
 * size cap cancels the body, not awaited: some transports settle a cancel only once the request is
 * aborted too, and a read pending when the deadline ends is given up whether or not the transport
 * errors it.
 */
export async function readBody(
  body: ReadableStream<Uint8Array> | null,
  { deadline, limit = Infinity, onProgress }: BodyReadOptions,
): Promise<BodyRead> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  if (!body) return { chunks, size, tooLarge: false };
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  try {
    for (;;) {
      const { done, value } = await deadline.race(reader.read());
      if (done) return { chunks, size, tooLarge: false };
      deadline.touch();
      size += value.byteLength;
      if (size > limit) {
        cancel();
        return { chunks, size, tooLarge: true };
      }
      chunks.push(value as Uint8Array<ArrayBuffer>);
      onProgress?.(size);
    }
  } catch (error) {
    cancel();
    throw error;
  }
}
