import { describe, expect, it, vi } from 'vitest';
import {
  DownloadManager,
  type DownloadJob,
} from '../../src/features/downloads/manager/download-manager';
import { ManagerSlot } from '../../src/features/downloads/manager/manager-slot';

const neverEnding: DownloadJob = {
  key: 'file:1:a',
  kind: 'file',
  name: 'a.pdf',
  conversationId: 1,
  onUnauthorized: vi.fn(),
  run: () => new Promise(() => undefined),
};

describe('ManagerSlot', () => {
  it('has nothing running before the manager exists, then tells earlier subscribers of its changes', () => {
    const slot = new ManagerSlot();
    const listener = vi.fn();
    slot.subscribe(listener);
    expect(slot.manager).toBeUndefined();
    expect(slot.running()).toBe(0);

    const manager = slot.fill(() => new DownloadManager());
    expect(slot.fill(() => new DownloadManager())).toBe(manager);
    expect(listener).not.toHaveBeenCalled();

    manager.start(neverEnding);
    expect(listener).toHaveBeenCalled();
    expect(slot.running()).toBe(1);
    manager.reset();
  });
});
