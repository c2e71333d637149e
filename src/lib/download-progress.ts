export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** From Content-Length; undefined when the service did not say. */
  total: number | undefined;
}

export type ProgressListener = (progress: DownloadProgress) => void;

/** A Content-Length value as a byte count, or undefined when absent or not a plain integer. */
export function parseContentLength(header: string | null): number | undefined {
  if (header === null || !/^\d{1,16}$/.test(header.trim())) return undefined;
  const length = Number(header.trim());
  return Number.isSafeInteger(length) ? length : undefined;
}
