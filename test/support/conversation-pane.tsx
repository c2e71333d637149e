import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../src/app/providers';
import { ConversationPane } from '../../src/features/conversation-detail';
import { DownloadActionsProvider } from '../../src/features/downloads';
import type { DownloadOptions } from '../../src/features/downloads/engines/download-settings';
import { DEFAULT_CONFIG } from '../../src/lib/config';
import { writeSession } from '../../src/lib/session-store';
import { service, TEST_SERVICE_URL, TEST_TOKEN } from './msw';

/** A conversation past the showcase ones, with few enough messages to fit on one page. */
export function quietConversationId(maxMessages = 20): number {
  const found = service()
    .dataset.list()
    .slice(4, 50)
    .find((conversation) => (service().messagesOf(conversation.id)?.length ?? 99) <= maxMessages);
  if (!found) throw new Error('No quiet conversation in the test dataset');
  return found.id;
}

export interface SavedFile {
  blob: Blob;
  download: string;
  href: string;
  rel: string;
}

/**
 * Replaces the browser's side of the Blob path: object URLs and the `<a download>` click. Restored
 * after each test by `restoreMocks`.
 */
export function captureSavedFiles() {
  const blobs = new Map<string, Blob>();
  const saved: SavedFile[] = [];
  const revoked: string[] = [];
  let next = 0;
  const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
    const url = `blob:${window.location.origin}/saved-${(next += 1)}`;
    blobs.set(url, object as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => revoked.push(url));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({
      blob: blobs.get(this.href)!,
      download: this.download,
      href: this.href,
      rel: this.rel,
    });
  });
  return { saved, revoked, createObjectURL, click };
}

/** Only the pane, at /conversations/:id, with download options the app does not expose. */
export function renderPane(conversationId: number, downloadOptions: Partial<DownloadOptions>) {
  writeSession({ serviceUrl: TEST_SERVICE_URL, token: TEST_TOKEN });
  const router = createMemoryRouter(
    [
      {
        path: '/conversations/:conversationId',
        element: (
          <DownloadActionsProvider>
            <ConversationPane conversationId={conversationId} closeHref="/" />
          </DownloadActionsProvider>
        ),
      },
      { path: '/', element: <p>List</p> },
    ],
    { initialEntries: [`/conversations/${conversationId}`] },
  );
  const user = userEvent.setup();
  render(
    <AppProviders
      config={{ ...DEFAULT_CONFIG, serviceUrl: TEST_SERVICE_URL }}
      queryDefaults={{ retry: false }}
      downloadOptions={{ retries: 0, ...downloadOptions }}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user };
}

/**
 * A text matcher for a sentence whose id or file name sits in a <bdi> (kept left-to-right in
 * Arabic): the innermost element whose whole text it is, as the agent reads it.
 */
export function sentence(text: string) {
  return (_: string, element: Element | null) =>
    element?.textContent === text &&
    ![...element.children].some((child) => child.textContent === text);
}
