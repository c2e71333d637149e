/**
 * Hands a finished Blob to the browser's downloads with a temporary `<a download>` (a downloaded
 * attachment, a zip, an exported transcript). The link is never navigated to or opened, so the
 * content is never rendered in the app's origin; attachments come typed application/octet-stream.
 */
export function saveBlob(blob: Blob, fileName: string, revokeDelayMs: number): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(objectUrl), revokeDelayMs);
  }
}
