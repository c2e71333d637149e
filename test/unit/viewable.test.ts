import { describe, expect, it } from 'vitest';
import { viewKindOf } from '../../src/features/conversation-detail/viewer/viewable';

const kind = (mimeType: string, fileName = 'file') => viewKindOf({ mimeType, fileName });

describe('viewKindOf (what the attachment viewer opens)', () => {
  it.each([
    ['application/pdf', 'pdf'],
    ['Application/PDF; name="x.pdf"', 'pdf'],
    ['image/png', 'image'],
    ['image/svg+xml', 'image'],
    ['image/heic', 'image'],
    ['audio/ogg; codecs=opus', 'audio'],
    ['video/webm', 'video'],
    ['text/plain; charset=utf-8', 'text'],
    ['text/markdown', 'text'],
    ['application/json', 'text'],
    ['Text/CSV', 'csv'],
  ])('%s is viewed as %s', (mimeType, expected) => {
    expect(kind(mimeType)).toBe(expected);
  });

  it.each([
    'text/html',
    'text/html; charset=utf-8',
    'application/xhtml+xml',
    'text/xml',
    'text/javascript',
    'application/zip',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/x-unknown',
  ])('%s is never viewed', (mimeType) => {
    expect(kind(mimeType, 'report.pdf')).toBeNull();
  });

  it('reads the extension only when the declared type says nothing', () => {
    expect(kind('application/octet-stream', 'Scan.PDF')).toBe('pdf');
    expect(kind('', 'notes.md')).toBe('text');
    expect(kind('', 'voice.ogg')).toBe('audio');
    expect(kind('application/octet-stream', 'page.html')).toBeNull();
    expect(kind('application/octet-stream', 'archive.zip')).toBeNull();
    // A declared type wins: a "pdf" declared as HTML stays download-only.
    expect(kind('text/html', 'invoice.pdf')).toBeNull();
  });
});
