import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/api/messages';
import type { Conversation } from '../../src/api/schemas';
import { findLanguage } from '../../src/i18n/languages';
import { activateLanguage } from '../../src/i18n/translate';
import { conversationTranscript } from '../../src/features/conversation-detail/transcript/conversation-transcript';
import {
  escapeMarkdownBlock,
  escapeMarkdownInline,
  plainText,
} from '../../src/features/conversation-detail/transcript/markdown-text';

/*
 * Rendered by markdown-it as strictly as CommonMark says and as loosely as a site might allow:
 * raw HTML on, bare URLs linked, GFM tables and strikethrough on.
 */
const renderers = {
  commonmark: new MarkdownIt('commonmark', { html: true }),
  'default + html + linkify': new MarkdownIt('default', { html: true, linkify: true }),
};

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1)) and ![img](http://evil.test/p.png)',
  '# heading',
  '## not a heading either ##',
  '> quote',
  '- item\n* item\n+ item\n1. one\n2) two',
  '```js\ncode()\n```',
  '~~~\nfence\n~~~',
  '`inline` and ``double``',
  '    indented code',
  '\tindented with a tab',
  'Title\n=====',
  'Title\n-----',
  '***\n---\n___',
  '| a | b |\n|---|---|\n| 1 | 2 |',
  '**bold** _em_ *em* __strong__ ~~strike~~',
  '&amp; &lt;b&gt; &#x3C;script&#x3E; &copy; &nbsp;',
  'https://example.com www.example.com user@example.com <https://a.test> <mailto:x@y.z>',
  'Emoji :smile: @mention #123 $x^2$',
  'a\\\\b\\ end\\',
  'trailing spaces  \nnext line',
  'line one\r\nline two\rline three\u2028line four',
  'para one\n\n\n\npara two',
  'مرحبا بالعالم — שלום עולם — mixed عربي text',
  'invoice\u202Efdp.exe and \u2066isolated\u2069 and \u200Fmark',
  'bell\u0007 nul\u0000 esc\u001B[31mred del\u007F c1\u0085next',
  '[link]: http://evil.test "reference definition"',
  '<!-- comment --> <?php ?> <![CDATA[x]]>',
  'footnote[^1]\n\n[^1]: note',
  '{curly} (round) [square] <angle> |pipe| !bang. +plus -minus =eq',
];

/** What a reader sees of a rendered block: paragraphs' text, <br> as a line break. */
function visibleText(html: string): { text: string; tags: string[] } {
  const container = document.createElement('div');
  container.innerHTML = html.replace(/<br ?\/?>\n/g, '<br>');
  const tags = [...container.querySelectorAll('*')].map((element) => element.localName);
  for (const br of container.querySelectorAll('br')) br.replaceWith('\n');
  const text = [...container.children].map((paragraph) => paragraph.textContent).join('\n\n');
  return { text, tags: [...new Set(tags)] };
}

/** Whitespace as HTML shows it: runs of spaces as one, none at the ends of a line. */
function normalise(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

describe('escapeMarkdownBlock', () => {
  for (const [name, md] of Object.entries(renderers)) {
    describe(`rendered by markdown-it (${name})`, () => {
      it.each(HOSTILE)('shows %j as the same text, with no markup', (hostile) => {
        const { text, tags } = visibleText(md.render(escapeMarkdownBlock(hostile)));
        expect(tags.filter((tag) => tag !== 'p' && tag !== 'br')).toEqual([]);
        expect(normalise(text)).toBe(normalise(plainText(hostile)));
      });
    });
  }

  it('keeps line breaks as hard breaks and separates paragraphs by one blank line', () => {
    expect(escapeMarkdownBlock('one\r\ntwo\n\n\nthree')).toBe('one\\\ntwo\n\nthree');
  });

  it('drops a paragraph’s leading indentation, which would make a code block', () => {
    expect(escapeMarkdownBlock('    code\n    more')).toBe('code\\\n    more');
  });

  it('escapes every mark that could start or end markup', () => {
    expect(escapeMarkdownBlock('# <b>[x](y)</b> *_`|{}!+-.&~=:@$^\\')).toBe(
      String.raw`\# \<b\>\[x\]\(y\)\</b\> \*\_\`\|\{\}\!\+\-\.\&\~\=\:\@\$\^\\`,
    );
  });

  it('shows bidirectional overrides and control characters as U+FFFD', () => {
    expect(plainText('a\u202Eb\u0000c\u0007d\u2067e\tf')).toBe('a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\tf');
  });

  it('makes nothing of text with nothing visible', () => {
    expect(escapeMarkdownBlock(' \n\t\n ')).toBe('');
  });
});

describe('escapeMarkdownInline', () => {
  it.each(HOSTILE)('keeps %j on one line with no markup', (hostile) => {
    const md = renderers['default + html + linkify'];
    const html = md.renderInline(escapeMarkdownInline(hostile));
    const container = document.createElement('div');
    container.innerHTML = html;
    expect(container.children).toHaveLength(0);
    expect(normalise(container.textContent)).toBe(
      normalise(plainText(hostile).replace(/\s*\n\s*/g, ' ')),
    );
  });
});

const conversation: Conversation = {
  id: 42,
  status: 'open',
  contactId: 871,
  inboxId: 4,
  createdAt: 1_700_000_000,
  updatedAt: 1_700_000_600,
};

function message(overrides: Partial<Message>): Message {
  return {
    key: 'k',
    author: 'Ada',
    text: 'Hello',
    timestamp: 1_700_000_100,
    attachments: [],
    unreadableAttachments: 0,
    ...overrides,
  };
}

const formatTime = (timestamp: number) => `T${timestamp}`;

describe('conversationTranscript', () => {
  it('writes the heading, the fields, the time zone and every message', () => {
    const markdown = conversationTranscript({
      conversationId: 42,
      conversation,
      messages: [
        message({ author: 'Ada <admin>', text: '# not a heading\n<script>x</script>' }),
        message({
          author: undefined,
          timestamp: undefined,
          text: undefined,
          attachments: [
            {
              fileName: '[click](javascript:x).pdf',
              mimeType: 'application/pdf',
              url: 'http://service.test/api/attachments/d1/data',
            },
            { fileName: '  ', mimeType: '', url: 'http://service.test/api/attachments/d2/data' },
          ],
          unreadableAttachments: 1,
        }),
        message({ text: '   ' }),
      ],
      formatTime,
      timeZone: 'America/Argentina/Buenos_Aires',
      exportedAt: 1_700_001_000,
    });
    expect(markdown).toBe(
      [
        '# Conversation #42',
        '',
        '- Status: Open',
        '- Contact: 871',
        '- Inbox: 4',
        '- Created: T1700000000',
        '- Updated: T1700000600',
        '',
        'Exported T1700001000. Times are in the time zone America/Argentina/Buenos\\_Aires.',
        '',
        '## Messages (3 messages)',
        '',
        '### 1. Ada \\<admin\\> · T1700000100',
        '',
        '\\# not a heading\\',
        '\\<script\\>x\\</script\\>',
        '',
        '### 2. No author given · no time given',
        '',
        'Attachments:',
        '',
        '- \\[click\\]\\(javascript\\:x\\)\\.pdf (application/pdf, saves as \\[click\\]\\(javascript\\_x\\)\\.pdf)',
        '- attachment\\-d2 (unknown type)',
        '',
        '_1 attachment could not be shown: the service sent it in an unknown shape._',
        '',
        '### 3. Ada · T1700000100',
        '',
        '_This message has no text the viewer can show._',
        '',
      ].join('\n'),
    );
  });

  it('says "not loaded" for the fields the list has not delivered, and when there are no messages', () => {
    const markdown = conversationTranscript({
      conversationId: 7,
      conversation: undefined,
      messages: [],
      formatTime,
      timeZone: 'UTC',
      exportedAt: 1,
    });
    expect(markdown).toContain(
      '- Status: not loaded\n- Contact: not loaded\n- Inbox: not loaded\n- Created: not loaded\n- Updated: not loaded\n',
    );
    expect(markdown).toContain(
      '## Messages (0 messages)\n\n_This conversation has no messages._\n',
    );
  });

  it('is written in the agent’s language; what came from the service stays as it came', async () => {
    await activateLanguage(findLanguage('de')!);
    const markdown = conversationTranscript({
      conversationId: 7,
      conversation: undefined,
      messages: [message({ author: 'Ada', text: 'Hello there' })],
      formatTime,
      timeZone: 'UTC',
      exportedAt: 1,
    });
    expect(markdown).toContain('# Gespräch #7\n');
    expect(markdown).toContain('- Status: nicht geladen\n- Kontakt: nicht geladen\n');
    expect(markdown).toContain('## Nachrichten (1 Nachricht)\n');
    expect(markdown).toContain('Hello there');
  });

  it('renders as the conversation, with the service’s text shown as text', () => {
    const hostile = HOSTILE.join('\n');
    const markdown = conversationTranscript({
      conversationId: 42,
      conversation: { ...conversation, status: '<b>weird</b>' },
      messages: [message({ author: '**Eve** [x](y)', text: hostile })],
      formatTime,
      timeZone: 'UTC',
      exportedAt: 1,
    });
    const container = document.createElement('div');
    container.innerHTML = renderers['default + html + linkify'].render(markdown);
    expect(container.querySelector('h1')).toHaveTextContent('Conversation #42');
    expect([...container.querySelectorAll('li')].map((item) => item.textContent)).toContain(
      'Status: <b>weird</b>',
    );
    expect(container.querySelector('h3')).toHaveTextContent('1. **Eve** [x](y) · T1700000100');
    expect(
      container.querySelectorAll('script, img, a, code, pre, blockquote, table, h4'),
    ).toHaveLength(0);
  });
});
