// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { compareConversations, createDataset, DEFAULT_NOW } from '../../service-double/dataset';

describe('createDataset', () => {
  const dataset = createDataset();
  const all = dataset.list();

  it('makes 5000 conversations with unique integer ids, sorted newest-updated first', () => {
    expect(all.length).toBe(5000);
    expect(new Set(all.map((c) => c.id)).size).toBe(5000);
    expect(all.every((c, i) => i === 0 || compareConversations(all[i - 1]!, c) < 0)).toBe(true);
    // Some updatedAt ties exist, so the id tie-break is exercised.
    expect(all.some((c, i) => i > 0 && all[i - 1]!.updatedAt === c.updatedAt)).toBe(true);
  });

  it('spreads timestamps in seconds over about four months before now', () => {
    const bad = all.filter(
      (c) =>
        !Number.isInteger(c.createdAt) ||
        !Number.isInteger(c.updatedAt) ||
        c.updatedAt < c.createdAt ||
        c.updatedAt > DEFAULT_NOW ||
        c.createdAt < DEFAULT_NOW - 125 * 86_400,
    );
    expect(bad).toEqual([]);
    expect(Math.min(...all.map((c) => c.createdAt))).toBeLessThan(DEFAULT_NOW - 110 * 86_400);
  });

  it('mixes statuses roughly 40/45/15', () => {
    const share = (status: string) => all.filter((c) => c.status === status).length / all.length;
    expect(share('open')).toBeCloseTo(0.4, 1);
    expect(share('closed')).toBeCloseTo(0.45, 1);
    expect(share('pending')).toBeCloseTo(0.15, 1);
  });

  it('is deterministic for a seed and honours now', () => {
    expect(createDataset({ conversations: 100, seed: 5 }).list()).toEqual(
      createDataset({ conversations: 100, seed: 5 }).list(),
    );
    const shifted = createDataset({ conversations: 100, now: 2_000_000_000 }).list();
    expect(shifted[0]!.updatedAt).toBeLessThanOrEqual(2_000_000_000);
    expect(shifted[0]!.updatedAt).toBeGreaterThan(2_000_000_000 - 30 * 86_400);
  });

  it('re-sorts on touch, also with an explicit time', () => {
    const d = createDataset({ conversations: 100 });
    const target = d.list()[50]!;
    const old = d.list()[99]!;
    d.touch(target.id);
    expect(d.list()[0]!.id).toBe(target.id);
    expect(d.list([1, 2, 3])[0]!.id).toBe(target.id);
    d.touch(old.id, d.list()[10]!.updatedAt);
    const ordered = d.list();
    expect(ordered.every((c, i) => i === 0 || compareConversations(ordered[i - 1]!, c) < 0)).toBe(
      true,
    );
    d.reset();
    expect(d.list()[50]!.id).toBe(target.id);
  });
});
