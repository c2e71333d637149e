/**
 * File names for downloaded attachments and zip entries.
 *
 * Attachment names come from untrusted senders and are written to the agent's disk (directly or
 * inside a zip that may be extracted on any OS), so every rule below exists to stop a name from
 * escaping the download folder, overwriting something, hiding its real extension, or being
 * rejected/rewritten by Windows, macOS or Linux.
 *
 * Rules applied by `toSafeFileName`, in this order:
 *  1. Bidi formatting characters are removed (U+202A–U+202E, U+2066–U+2069, and the invisible
 *     marks U+200E, U+200F, U+061C): they let `invoice\u202Efdp.exe` display as `invoiceexe.pdf`.
 *  2. The name is NFC-normalised (after step 1, because removing a character can bring a base
 *     letter and a combining mark together).
 *  3. Each of these characters is replaced by `_` (replaced rather than dropped, so
 *     `../../etc/passwd` stays recognisable as `_.._etc_passwd` instead of silently becoming
 *     `passwd`, and `a.exe\0.pdf` does not collapse into a different valid name):
 *     path separators `/` `\`, the Windows-invalid `< > : " | ? *`, C0/C1 controls
 *     (U+0000–U+001F, U+007F–U+009F) and unpaired UTF-16 surrogates.
 *  4. Leading and trailing dots and whitespace are trimmed (leading: no hidden files or `..`;
 *     trailing: Windows silently strips them, which would change the name under our feet).
 *  5. The result is cut to at most 200 UTF-8 bytes, on grapheme boundaries where possible and
 *     never inside a code point. An extension (the last `.` and what follows) of at most 16 bytes
 *     is kept, so a long `aaaa….pdf` still ends in `.pdf`.
 *  6. A Windows reserved device name (CON, PRN, AUX, NUL, COM0–COM9, LPT0–LPT9, including the
 *     superscript-digit variants, CONIN$, CONOUT$; case-insensitive; judged on the part before
 *     the first dot, so `con.txt` and `Nul.tar.gz` count) gets a `_` prefix.
 *  7. If nothing is left, the name is `attachment-<docId>`, where the id goes through steps 1–4
 *     (or just `attachment` when the id is empty too).
 */

export const MAX_FILE_NAME_BYTES = 200;
const MAX_KEPT_EXTENSION_BYTES = 16;

const BIDI_FORMATTING = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
const UNSAFE_PUNCTUATION = new Set(['/', '\\', '<', '>', ':', '"', '|', '?', '*']);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const LEADING_JUNK = /^[\s.]+/u;
const TRAILING_JUNK = /[\s.]+$/u;
const RESERVED_DEVICE = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;

/**
 * A file name as shown: its bidi formatting characters (rule 1) and control characters (rule 3)
 * made visible as U+FFFD, so that `rtl\u202Etxt.exe` cannot show as `rtlexe.txt` beside a button
 * that saves `rtltxt.exe`, and a line break or a bell does not end up unseen in a button's
 * accessible name, which a screen reader reads out.
 */
export function revealHiddenCharacters(name: string): string {
  let shown = '';
  for (const char of name.replace(BIDI_FORMATTING, '\uFFFD')) {
    shown += isControlCharacter(char) ? '\uFFFD' : char;
  }
  return shown;
}

function isControlCharacter(char: string): boolean {
  const code = char.charCodeAt(0);
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/** Steps 1–4: everything except length and device names. */
function isUnsafeCharacter(char: string): boolean {
  return isControlCharacter(char) || UNSAFE_PUNCTUATION.has(char);
}

function cleanCharacters(raw: string): string {
  // A loop rather than a regex: control-character ranges in regex literals trip no-control-regex.
  let replaced = '';
  for (const char of raw.replace(BIDI_FORMATTING, '').normalize('NFC')) {
    replaced += isUnsafeCharacter(char) ? '_' : char;
  }
  return replaced.replace(LONE_SURROGATE, '_').replace(LEADING_JUNK, '').replace(TRAILING_JUNK, '');
}

/** UTF-8 length without allocating; lone surrogates count as U+FFFD (3 bytes), as encoders do. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return bytes;
}

let graphemeSegmenter: Intl.Segmenter | null | undefined;

function graphemes(text: string): string[] {
  if (graphemeSegmenter === undefined) {
    graphemeSegmenter =
      typeof Intl === 'object' && typeof Intl.Segmenter === 'function'
        ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
        : null;
  }
  if (graphemeSegmenter === null) return Array.from(text);
  return Array.from(graphemeSegmenter.segment(text), (part) => part.segment);
}

function takeUnits(units: Iterable<string>, maxBytes: number): string {
  let result = '';
  let used = 0;
  for (const unit of units) {
    const size = utf8ByteLength(unit);
    if (used + size > maxBytes) break;
    result += unit;
    used += size;
  }
  return result;
}

/**
 * Longest prefix of `text` that fits in `maxBytes` UTF-8 bytes. Prefers whole grapheme clusters
 * (no half emoji, no accent torn off its letter), but falls back to code points when a single
 * cluster is larger than the budget (e.g. "zalgo" text with hundreds of combining marks).
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return '';
  if (utf8ByteLength(text) <= maxBytes) return text;
  const byGrapheme = takeUnits(graphemes(text), maxBytes);
  return byGrapheme !== '' ? byGrapheme : takeUnits(text, maxBytes);
}

/**
 * Splits off the extension used for truncation and numbering: the last `.` and what follows,
 * only when it is at most 16 bytes and the part before it is not empty. Multi-part extensions
 * are deliberately not recognised (`archive.tar.gz` → `archive.tar` + `.gz`).
 */
export function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return { stem: name, extension: '' };
  const extension = name.slice(dot);
  if (utf8ByteLength(extension) > MAX_KEPT_EXTENSION_BYTES) return { stem: name, extension: '' };
  return { stem: name.slice(0, dot), extension };
}

/** Step 5, then re-trims, since a cut can expose trailing dots/spaces. */
function fitLength(name: string, maxBytes: number): string {
  if (utf8ByteLength(name) <= maxBytes) return name;
  const { stem, extension } = splitExtension(name);
  const keptStem = extension === '' ? '' : truncateUtf8(stem, maxBytes - utf8ByteLength(extension));
  const fitted =
    keptStem.replace(TRAILING_JUNK, '') !== ''
      ? keptStem + extension
      : truncateUtf8(name, maxBytes);
  return fitted.replace(TRAILING_JUNK, '').normalize('NFC');
}

export function isReservedDeviceName(name: string): boolean {
  // Windows ignores everything from the first dot and trailing spaces before it.
  const base = name.split('.', 1)[0] ?? '';
  return RESERVED_DEVICE.test(base.replace(/ +$/, ''));
}

function finish(cleaned: string): string {
  const fitted = fitLength(cleaned, MAX_FILE_NAME_BYTES);
  if (!isReservedDeviceName(fitted)) return fitted;
  return `_${fitLength(fitted, MAX_FILE_NAME_BYTES - 1)}`;
}

/**
 * The name an attachment is saved under. Never empty, never a path, at most 200 UTF-8 bytes;
 * see the rules at the top of this file.
 */
export function toSafeFileName(fileName: string, docId: string): string {
  const cleaned = cleanCharacters(fileName);
  if (cleaned !== '') {
    const result = finish(cleaned);
    if (result !== '') return result;
  }
  const id = cleanCharacters(docId);
  return finish(id === '' ? 'attachment' : `attachment-${id}`);
}

function collisionKey(name: string): string {
  // Case-insensitive file systems (Windows, default macOS) also fold these; NFC guards against
  // two spellings of the same accented letter becoming one file.
  return name.normalize('NFC').toLowerCase();
}

/**
 * Makes zip entry names unique, in order: the first occurrence keeps its name, later repeats
 * (compared case-insensitively) become `name (2).ext`, `name (3).ext`, … A generated name never
 * equals any original name in the list, earlier or later, nor another generated one, so no entry
 * can overwrite another on extraction. Suffixed names stay within 200 UTF-8 bytes by shortening
 * the stem. Inputs are expected to be `toSafeFileName` results.
 */
export function uniqueEntryNames(names: string[]): string[] {
  const originals = new Set(names.map(collisionKey));
  const used = new Set<string>();
  return names.map((name) => {
    const key = collisionKey(name);
    if (!used.has(key)) {
      used.add(key);
      return name;
    }
    const { stem, extension } = splitExtension(name);
    for (let n = 2; ; n += 1) {
      const suffix = ` (${n})${extension}`;
      const candidate = truncateUtf8(stem, MAX_FILE_NAME_BYTES - utf8ByteLength(suffix)) + suffix;
      const candidateKey = collisionKey(candidate);
      if (!used.has(candidateKey) && !originals.has(candidateKey)) {
        used.add(candidateKey);
        return candidate;
      }
    }
  });
}
