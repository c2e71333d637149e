/*
 * Untrusted text (message text, names, types) written into a Markdown file so that, rendered by
 * any CommonMark or GitHub-flavoured renderer, it shows as the same plain text and nothing in it
 * becomes markup: no heading, list, quote, code, table, link, image, autolink, mention, emoji,
 * entity or raw HTML.
 */

/**
 * Every ASCII punctuation mark that starts or ends markup in CommonMark or a common extension
 * (GFM tables, strikethrough and autolinks, `:emoji:`, `@mention`, `$math$`, `^sup^`,
 * `&entity;`, setext `===`). CommonMark lets a backslash escape any ASCII punctuation, and the
 * escaped mark is shown as itself. Marks that are never markup (`,` `;` `?` `'` `"` `%` `/`) are
 * left as they are, to keep the file readable as text.
 */
const MARKUP_PUNCTUATION = /[\\`*_[\]()#+\-.!<>|{}&~=:@$^]/g;

/**
 * C0 and C1 controls (not tab or line breaks, handled apart) and the bidirectional embedding,
 * override and isolate controls, which can make text display in another order than it is read
 * (and spill into the line around it). Shown as U+FFFD, as CommonMark does with NUL.
 */
const UNSAFE_CONTROLS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** CRLF, CR, NEL and the Unicode line and paragraph separators. */
const LINE_BREAKS = /\r\n?|[\u0085\u2028\u2029]/g;

const REPLACEMENT = '\uFFFD';

/** The text a transcript shows for `text`: line breaks as `\n`, unsafe controls as U+FFFD. */
export function plainText(text: string): string {
  return text.replace(LINE_BREAKS, '\n').replace(UNSAFE_CONTROLS, REPLACEMENT);
}

function escapeLine(line: string): string {
  return line.replace(MARKUP_PUNCTUATION, (mark) => `\\${mark}`);
}

/**
 * One line of untrusted text (a name, a type) for a heading or a list item: line breaks become
 * spaces, surrounding spaces go (leading ones would make code or break the item).
 */
export function escapeMarkdownInline(text: string): string {
  return escapeLine(
    plainText(text)
      .replace(/\s*\n\s*/g, ' ')
      .trim(),
  );
}

/**
 * A block of untrusted text as Markdown paragraphs, its line breaks kept: lines of a paragraph end
 * with a backslash (a hard line break), blank lines separate paragraphs (a run of them counts as
 * one). A paragraph's first line loses its indentation, which would make it a code block; a
 * renderer would not show it anyway. Returns '' for text with nothing visible.
 */
export function escapeMarkdownBlock(text: string): string {
  const paragraphs: string[][] = [[]];
  for (const raw of plainText(text).split('\n')) {
    const line = raw.trimEnd();
    const current = paragraphs[paragraphs.length - 1]!;
    if (line === '') {
      if (current.length > 0) paragraphs.push([]);
      continue;
    }
    current.push(escapeLine(current.length === 0 ? line.trimStart() : line));
  }
  return paragraphs
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\\\n'))
    .join('\n\n');
}
