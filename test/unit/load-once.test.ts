import { describe, expect, it, vi } from 'vitest';
import { codeOnce } from '../../src/lib/load-once';

describe('codeOnce', () => {
  it('imports once for every caller and then gives the module without waiting', async () => {
    const code = codeOnce<{ name: string }>();
    const importer = vi.fn(() => Promise.resolve({ name: 'pane' }));
    expect(code.loaded()).toBeUndefined();
    const [first, second] = await Promise.all([code.load(importer), code.load(importer)]);
    expect(first).toBe(second);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(code.loaded()).toBe(first);
    await code.load(importer);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed import, so the next call asks again (offline, then back)', async () => {
    const code = codeOnce<{ name: string }>();
    const importer = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ name: 'finder' });
    await expect(code.load(importer)).rejects.toThrow('Failed to fetch');
    expect(code.loaded()).toBeUndefined();
    await expect(code.load(importer)).resolves.toEqual({ name: 'finder' });
    expect(importer).toHaveBeenCalledTimes(2);
    expect(code.loaded()).toEqual({ name: 'finder' });
  });
});
