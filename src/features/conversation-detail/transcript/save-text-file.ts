/** Long enough for every browser to have started reading the Blob before its URL goes. */
const REVOKE_DELAY_MS = 60_000;

/**
 * Saves text the app made itself (no token, no request) as a file: a same-origin `blob:` URL on a
 * temporary `<a download>`, never navigated to, revoked after.
 */
export function saveTextFile(text: string, fileName: string, type: string): void {
  const objectUrl = URL.createObjectURL(new Blob([text], { type }));
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
    setTimeout(() => URL.revokeObjectURL(objectUrl), REVOKE_DELAY_MS);
  }
}
