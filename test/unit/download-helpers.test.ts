import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachmentHttpError } from '../../src/api/attachments';
import {
  canRetry,
  DownloadFailure,
  failureKind,
  failureMessage,
} from '../../src/features/downloads/engines/download-failure';

const failureForStatus = (status: number) => attachmentHttpError(status, null);
import { parseContentLength } from '../../src/lib/download-progress';
import { docIdOf, foreignHost } from '../../src/lib/attachment-target';
import { formatBytes } from '../../src/i18n/format';
import { saveBlob } from '../../src/lib/save-blob';
import { throttleProgress } from '../../src/features/downloads/engines/throttle-progress';

afterEach(() => {
  vi.useRealTimers();
});

describe('download helpers', () => {
  it('maps HTTP statuses to what the agent is told', () => {
    expect(failureKind(failureForStatus(401))).toBe('unauthorized');
    expect(failureKind(failureForStatus(404))).toBe('not-found');
    expect(failureKind(failureForStatus(410))).toBe('not-found');
    for (const status of [500, 502, 503, 504, 429, 408]) {
      expect(failureKind(failureForStatus(status))).toBe('server');
      expect(canRetry(failureForStatus(status))).toBe(true);
    }
    expect(failureKind(failureForStatus(403))).toBe('http');
    expect(failureMessage(failureForStatus(403))).toBe(
      'The service refused this download (HTTP 403). Nothing was saved.',
    );
    expect(failureMessage(new TypeError('bug'))).toBe(
      'The download failed: the service could not be reached or the connection was lost. Nothing was saved.',
    );
    expect(failureMessage(failureForStatus(404))).toBe('This attachment is no longer available.');
    expect(canRetry(failureForStatus(404))).toBe(false);
    expect(failureMessage(new DownloadFailure('stalled', { detail: 30_000 }))).toBe(
      'The download stalled: no data arrived for 30 seconds.',
    );
    expect(failureMessage(new DownloadFailure('refused', { detail: 'evil.example' }))).toBe(
      "This attachment's address is not on your service (evil.example); it was not downloaded.",
    );
  });

  it('reads the DOC_ID from an attachment url, or nothing', () => {
    expect(docIdOf('https://s.example/api/attachments/DOC-1/data')).toBe('DOC-1');
    expect(docIdOf('https://s.example/attachments/a%2Fb/data?x=1')).toBe('a/b');
    expect(docIdOf('https://s.example/files/DOC-1')).toBe('');
    expect(docIdOf('https://s.example/attachments/%E0%A4%A/data')).toBe('%E0%A4%A');
  });

  it('names the foreign host briefly, whatever the url looks like', () => {
    expect(foreignHost('https://files.evil.example:8443/x')).toBe('files.evil.example:8443');
    expect(foreignHost('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(foreignHost(`https://${'a'.repeat(200)}.example/`)).toHaveLength(81);
  });

  it('accepts only a plain integer Content-Length', () => {
    expect(parseContentLength('1024')).toBe(1024);
    expect(parseContentLength(' 0 ')).toBe(0);
    expect(parseContentLength(null)).toBeUndefined();
    expect(parseContentLength('-1')).toBeUndefined();
    expect(parseContentLength('12, 12')).toBeUndefined();
    expect(parseContentLength('1e9')).toBeUndefined();
  });

  it('formats sizes as file managers do', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(5000)).toBe('4.9 kB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('saves a Blob through a temporary link and revokes its URL afterwards', () => {
    vi.useFakeTimers();
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const blob = new Blob(['x'], { type: 'application/octet-stream' });
    saveBlob(blob, 'a.txt', 60_000);
    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked[0]).toMatchObject({ download: 'a.txt', rel: 'noopener', href: 'blob:test/1' });
    expect(clicked[0]!.isConnected).toBe(false);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(revoke).toHaveBeenCalledWith('blob:test/1');
  });

  it('throttles progress but always delivers the latest value', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const progress = throttleProgress(({ received }) => seen.push(received), 100);
    progress.report({ received: 1, total: 10 });
    progress.report({ received: 2, total: 10 });
    progress.report({ received: 3, total: 10 });
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([1, 3]);
    progress.report({ received: 10, total: 10 });
    expect(seen).toEqual([1, 3, 10]);
    progress.report({ received: 11, total: undefined });
    progress.stop();
    vi.advanceTimersByTime(200);
    expect(seen).toEqual([1, 3, 10]);
  });
});
