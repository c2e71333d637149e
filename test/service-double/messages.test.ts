// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SHOWCASE_RANKS } from '../../service-double/messages';
import { getJson, pageAll, start } from './helpers';

interface Message {
  id: number;
  conversationId: number;
  author: { name: string; role: string };
  text: string;
  createdAt: number;
  attachments?: { fileName: string; mimeType: string; url: string }[];
}

describe('GET /conversations/{id}/messages', () => {
  it('pages a long thread oldest first, each message once', async () => {
    const { url, state } = await start();
    const id = state.dataset.list()[SHOWCASE_RANKS.longThread]!.id;
    const pages = await pageAll<Message>(`${url}/conversations/${id}/messages`, 'limit=10');
    const messages = pages.flatMap((p) => p.data!);
    expect(pages.length).toBeGreaterThan(5);
    expect(messages.length).toBe(96);
    expect(new Set(messages.map((m) => m.id)).size).toBe(96);
    expect(messages.every((m, i) => i === 0 || messages[i - 1]!.createdAt <= m.createdAt)).toBe(
      true,
    );
    expect(
      messages.every(
        (m) => m.conversationId === id && ['agent', 'contact'].includes(m.author.role),
      ),
    ).toBe(true);
    expect(pages.at(-1)!.pagination).toBeUndefined();
  });

  it('uses a default limit of 25 and rejects a bad limit or cursor', async () => {
    const { url, state } = await start();
    const id = state.dataset.list()[SHOWCASE_RANKS.longThread]!.id;
    const first = await getJson<Message>(`${url}/conversations/${id}/messages`);
    expect(first.body.data!.length).toBeGreaterThanOrEqual(23);
    expect(first.body.data!.length).toBeLessThanOrEqual(26);
    for (const [query, param] of [
      ['limit=51', 'limit'],
      ['next=x', 'next'],
    ] as const) {
      const { status, body } = await getJson(`${url}/conversations/${id}/messages?${query}`);
      expect(status).toBe(400);
      expect(body.data).toBeUndefined();
      expect(body.errors![0]).toMatchObject({ type: 'validation_error', param });
    }
  });

  it('answers 404 for an unknown conversation', async () => {
    const { url } = await start();
    for (const id of ['1', 'abc']) {
      const { status, body } = await getJson(`${url}/conversations/${id}/messages`);
      expect(status).toBe(404);
      expect(body).toEqual({
        errors: [{ type: 'not_found', message: `Conversation ${id} was not found` }],
      });
    }
  });

  it('gives attachments absolute urls under the base path', async () => {
    const { url, state } = await start({ basePath: '/demo-service' });
    expect(url).toMatch(/\/demo-service$/);
    const id = state.dataset.list()[SHOWCASE_RANKS.gallery]!.id;
    const { body } = await getJson<Message>(`${url}/conversations/${id}/messages`);
    const attachments = body.data!.flatMap((m) => m.attachments ?? []);
    expect(attachments.map((a) => a.mimeType)).toEqual(
      expect.arrayContaining([
        'image/png',
        'image/jpeg',
        'image/gif',
        'image/webp',
        'image/svg+xml',
      ]),
    );
    for (const a of attachments)
      expect(a.url).toMatch(new RegExp(`^${url}/attachments/[^/]+/data$`));
    expect(body.data!.filter((m) => !m.attachments).every((m) => !('attachments' in m))).toBe(true);
  });

  it('includes the hostile file names in one early conversation', async () => {
    const { url, state } = await start();
    const id = state.dataset.list()[SHOWCASE_RANKS.hostileNames]!.id;
    const { body } = await getJson<Message>(`${url}/conversations/${id}/messages`);
    const names = body.data!.flatMap((m) => m.attachments ?? []).map((a) => a.fileName);
    expect(names).toEqual(
      expect.arrayContaining([
        '../../etc/passwd',
        'CON.txt',
        '..hidden',
        '',
        '<img src=x onerror=alert(1)>.html',
      ]),
    );
    expect(names.filter((n) => n === 'report.pdf')).toHaveLength(2);
    expect(names.some((n) => n.length === 300)).toBe(true);
    expect(names.some((n) => n.includes('\n'))).toBe(true);
  });

  it('puts attachments on many recent conversations and few old ones', async () => {
    const { state } = await start({ conversations: 2000 });
    const withAttachments = (ids: number[]) =>
      ids.filter((id) => state.messagesOf(id)!.some((m) => m.attachments.length > 0)).length;
    const ordered = state.dataset.list().map((c) => c.id);
    expect(withAttachments(ordered.slice(0, 200))).toBeGreaterThan(100);
    expect(withAttachments(ordered.slice(-200))).toBeLessThan(60);
  });
});
