// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareConversations } from '../../service-double/dataset';
import type { Conversation } from '../../service-double/dataset';
import { createServiceState } from '../../service-double/state';
import { AUTH, start } from './helpers';

const isSorted = (items: readonly Conversation[]) =>
  items.every((c, i) => i === 0 || compareConversations(items[i - 1]!, c) < 0);
const byNumber = (a: number, b: number) => a - b;

describe('churn', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('adds new conversations at the top with new, unique ids', () => {
    const state = createServiceState({ conversations: 300 });
    const before = state.dataset.list().map((c) => c.id);
    const step = state.churn({ add: 3, update: 0 });
    const after = state.dataset.list();
    expect(step.added).toHaveLength(3);
    expect(state.dataset.size).toBe(303);
    expect(new Set(after.map((c) => c.id)).size).toBe(303);
    expect(step.added.every((id) => id > Math.max(...before))).toBe(true);
    // The newest is first; all three are above every generated conversation.
    expect(after.slice(0, 3).map((c) => c.id)).toEqual([...step.added].reverse());
    expect(isSorted(after)).toBe(true);
    expect(state.stats.added).toBe(3);
    // A new conversation has messages like any other.
    expect(state.messagesOf(step.added[0]!)?.length).toBeGreaterThan(0);
  });

  it('updates existing conversations: touched to the top, some with a new status', () => {
    const state = createServiceState({ conversations: 300 });
    const statuses = new Map(state.dataset.list().map((c) => [c.id, c.status]));
    const step = state.churn({ add: 0, update: 40, statusChangeRate: 0.5 });
    expect(step.updated).toHaveLength(40);
    expect(state.stats.touches).toBe(40);
    const top = state.dataset.list()[0]!;
    expect(top.id).toBe(step.updated.at(-1));
    const changed = step.updated.filter((id) => state.dataset.get(id)!.status !== statuses.get(id));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(40);
    expect(isSorted(state.dataset.list())).toBe(true);
    // Filtered lists follow the new statuses.
    const open = state.dataset.list([1]);
    expect(open.every((c) => c.status === 'open')).toBe(true);
    expect(open.length).toBe(state.dataset.list().filter((c) => c.status === 'open').length);
  });

  it('is reproducible for a seed', () => {
    const run = () => {
      const state = createServiceState({ conversations: 300, seed: 7 });
      const steps = Array.from({ length: 5 }, () => state.churn({ add: 1, update: 3 }));
      return { steps, list: state.dataset.list().map((c) => ({ ...c })) };
    };
    expect(run()).toEqual(run());
  });

  it('reset removes added conversations and undoes updates and status changes', () => {
    const state = createServiceState({ conversations: 300 });
    const original = state.dataset.list().map((c) => ({ ...c }));
    const first = state.churn({ add: 2, update: 10, statusChangeRate: 1 });
    state.reset();
    expect(state.dataset.list().map((c) => ({ ...c }))).toEqual(original);
    expect(state.dataset.size).toBe(300);
    expect(state.stats.added).toBe(0);
    // After a reset the same steps happen again.
    expect(state.churn({ add: 2, update: 10, statusChangeRate: 1 })).toEqual(first);
  });

  it('startChurn steps on a timer until stopped; reset stops it too', () => {
    vi.useFakeTimers();
    const state = createServiceState({ conversations: 300 });
    const churn = state.startChurn({ everyMs: 100, add: 1, update: 1 });
    vi.advanceTimersByTime(350);
    expect(state.stats.added).toBe(3);
    expect(state.stats.touches).toBe(3);
    churn.stop();
    vi.advanceTimersByTime(1000);
    expect(state.stats.added).toBe(3);
    state.startChurn({ everyMs: 100, add: 1, update: 0 });
    state.reset();
    vi.advanceTimersByTime(1000);
    expect(state.stats.added).toBe(0);
    expect(() => state.startChurn({ everyMs: 0 })).toThrow(/everyMs/);
  });

  it('serves added and updated conversations on the first page over HTTP', async () => {
    const service = await start();
    const step = service.state.churn({ add: 2, update: 2, statusChangeRate: 0 });
    const response = await fetch(`${service.url}/conversations/list?limit=10`, { headers: AUTH });
    const body = (await response.json()) as { data: { id: number }[] };
    const ids = body.data.map((c) => c.id);
    const changed = [...new Set([...step.added, ...step.updated])].sort(byNumber);
    expect(ids.slice(0, changed.length).sort(byNumber)).toEqual(changed);
    expect(new Set(ids).size).toBe(ids.length);
    const messages = await fetch(`${service.url}/conversations/${step.added[0]!}/messages`, {
      headers: AUTH,
    });
    expect(messages.status).toBe(200);
  });
});
