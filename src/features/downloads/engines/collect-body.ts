import { DownloadFailure } from './download-failure';
import type { ProgressListener } from '../../../lib/download-progress';
import type { StallWatch } from '../../../lib/stall-watch';

/** Rejects when `signal` aborts; never resolves otherwise. */
function abortion(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_, reject) => {
    const fail = () => reject(new DownloadFailure('cancelled'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/**
 * Reads a small file's body to the end and returns it as an application/octet-stream Blob.
 * Nothing is saved until every byte has arrived, so a failure leaves nothing half-saved. An
 * abort (Cancel, stall) stops at once and cancels the body, whether or not the transport errors
 * the pending read itself.
 */
export async function collectBody(
  body: ReadableStream<Uint8Array> | null,
  total: number | undefined,
  {
    signal,
    stall,
    onProgress,
  }: { signal: AbortSignal; stall: StallWatch; onProgress: ProgressListener },
): Promise<Blob> {
  const chunks: BlobPart[] = [];
  let received = 0;
  if (body) {
    const reader = body.getReader();
    const aborted = abortion(signal);
    aborted.catch(() => void reader.cancel().catch(() => undefined));
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      stall.touch();
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      onProgress({ received, total });
    }
  }
  // Chromium fails a short body itself; this also covers transports that do not.
  if (total !== undefined && received < total) throw new DownloadFailure('incomplete');
  return new Blob(chunks, { type: 'application/octet-stream' });
}
