import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { findLanguage } from '../../src/i18n/languages';
import { activateLanguage } from '../../src/i18n/translate';
import { quietConversationId } from '../support/conversation-pane';
import { server, service, TEST_SERVICE_URL } from '../support/msw';
import { renderApp } from '../support/render-app';

// No service worker in happy-dom: every file here takes the in-page (Blob) path.
vi.mock('../../src/features/downloads/engines/worker-support', () => ({
  workerDownloadsAvailable: vi.fn(() => false),
  ensureDownloadWorker: vi.fn(),
}));

/** An attachment whose body stops halfway (4000 bytes announced): it stays running. */
function halfServed(name: string): string {
  const url = `${TEST_SERVICE_URL}/attachments/${name}/data`;
  server.use(
    http.get(url, () => {
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new Uint8Array(2000)),
      });
      return new HttpResponse(body, { headers: { 'Content-Length': '4000' } });
    }),
  );
  return url;
}

/**
 * Opens a conversation with one attachment in English (the pane's own words belong to another
 * area), then switches to `code`: the download controls draw again in that language.
 */
async function openIn(code: string, fileName: string, url?: string) {
  const id = quietConversationId();
  service().addAttachment(id, {
    mimeType: 'application/octet-stream',
    fileName,
    size: 3000,
    ...(url ? { url } : {}),
  });
  const app = renderApp({ route: `/conversations/${id}` });
  // The pane's code is imported on first opening: slow on a busy machine.
  const pane = await screen.findByRole(
    'complementary',
    { name: `Conversation #${id}` },
    { timeout: 5000 },
  );
  await within(pane).findByRole('button', { name: `Download ${fileName}` });
  await act(() => activateLanguage(findLanguage(code)!));
  return { ...app, id };
}

describe('the downloads in other languages', () => {
  it('German: the controls, the header button, the panel and the progress', async () => {
    const { user, id } = await openIn('de', 'slow.pdf', halfServed('slow'));
    await user.click(await screen.findByRole('button', { name: 'slow.pdf herunterladen' }));
    const button = screen.getByRole('button', { name: /^Downloads/ });
    await waitFor(() => expect(button).toHaveAccessibleName('Downloads, 1 läuft'));

    await user.click(button);
    const panel = await screen.findByRole('region', { name: 'Downloads' });
    const item = within(panel).getByRole('listitem', { name: 'slow.pdf' });
    expect(within(item).getByRole('link', { name: `Gespräch #${id}` })).toBeVisible();
    const progress = within(item).getByRole('progressbar', {
      name: 'slow.pdf wird heruntergeladen',
    });
    // German percent and decimal comma: "50 %, 2 kB von 3,9 kB".
    expect(progress.getAttribute('aria-valuetext')).toMatch(/^50\s%, 2 kB von 3,9 kB$/);
    expect(within(panel).getByRole('button', { name: 'Downloads schließen' })).toHaveTextContent(
      'Schließen',
    );

    await user.click(within(item).getByRole('button', { name: 'Abbrechen' }));
    expect(within(item).getByRole('status')).toHaveTextContent(
      'Download abgebrochen. Es wurde nichts gespeichert.',
    );
    expect(within(panel).getByRole('button', { name: 'Abgeschlossene entfernen' })).toBeVisible();
  });

  it('Arabic: a failure is told in Arabic with Retry, the file name kept left-to-right', async () => {
    const { user } = await openIn('ar', 'flaky.bin');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    service().faults.enqueue({ kind: '503', on: 'attachments' });
    await user.click(await screen.findByRole('button', { name: 'تنزيل flaky.bin' }));

    await user.click(screen.getByRole('button', { name: 'التنزيلات' }));
    const panel = await screen.findByRole('region', { name: 'التنزيلات' });
    const item = within(panel).getByRole('listitem', { name: 'flaky.bin' });
    const alert = await within(item).findByRole('alert');
    expect(alert).toHaveTextContent(
      'تعذّر على الخدمة إرسال هذا الملف (HTTP 503). لم يُحفظ أي شيء؛ حاول مرة أخرى بعد قليل.',
    );
    expect(document.getElementById('live-region')).toHaveTextContent('تعذّر التنزيل: flaky.bin.');
    // The sender's file name is isolated, so the Arabic around it cannot reorder it.
    expect(within(item).getByText('flaky.bin').tagName).toBe('BDI');

    await user.click(within(item).getByRole('button', { name: 'إعادة المحاولة' }));
    // Sizes in Arabic's digits and unit names.
    await waitFor(() =>
      expect(within(item).getByRole('status')).toHaveTextContent(
        `تم الحفظ في التنزيلات (${new Intl.NumberFormat('ar', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 }).format(2.9)}).`,
      ),
    );
  });
});
