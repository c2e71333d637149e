import { describe, expect, it } from 'vitest';
import { SHOWCASE_RANKS } from '../../service-double/index';
import { service, TEST_SERVICE_URL, TEST_TOKEN } from '../support/msw';

interface Message {
  attachments?: { fileName: string; url: string }[];
}

// The component tests' set-up (happy-dom, the double behind MSW), where resolving a path with
// new URL(…, import.meta.url) went wrong: the committed samples must be served here too.
describe('viewer samples in component tests', () => {
  it('serves the committed HEIC, Ogg and WebM files through MSW', async () => {
    const id = service().dataset.list()[SHOWCASE_RANKS.viewerSamples]!.id;
    const headers = { Authorization: `Bearer ${TEST_TOKEN}` };
    const url = `${TEST_SERVICE_URL}/conversations/${id}/messages?limit=50`;
    const page = (await (await fetch(url, { headers })).json()) as { data: Message[] };
    const attachments = page.data.flatMap((message) => message.attachments ?? []);
    for (const [fileName, bytes] of [
      ['photo.heic', 1152],
      ['voice-note.ogg', 3626],
      ['screen-recording.webm', 9217],
    ] as const) {
      const response = await fetch(attachments.find((a) => a.fileName === fileName)!.url, {
        headers,
      });
      expect(response.status, fileName).toBe(200);
      expect((await response.arrayBuffer()).byteLength, fileName).toBe(bytes);
    }
  });
});
