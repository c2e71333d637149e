import { TEXT_SHOWN_BYTES } from '../viewer-limits';

export interface DecodedText {
  text: string;
  /** The file had more than TEXT_SHOWN_BYTES: `text` is its start. */
  cut: boolean;
}

/**
 * The first MiB of a file as UTF-8 text: bytes that are not UTF-8 become U+FFFD, never an error,
 * and a character cut at the 1 MiB line is left out rather than shown broken.
 */
export async function decodeText(blob: Blob): Promise<DecodedText> {
  const cut = blob.size > TEXT_SHOWN_BYTES;
  const bytes = new Uint8Array(await blob.slice(0, TEXT_SHOWN_BYTES).arrayBuffer());
  const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });
  return { text: decoder.decode(bytes, { stream: cut }), cut };
}
