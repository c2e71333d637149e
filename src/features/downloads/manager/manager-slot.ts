import type { DownloadManager } from './download-manager';

/**
 * Where the app's one download manager goes once it exists. The manager's code loads with the
 * pane's chunk (the only code that starts, lists or cancels downloads), so the first load holds
 * only this: until the pane's code first asks for the manager (use-downloads.ts), nothing can be
 * running, the header shows no count and sign-out has nothing to ask about.
 */
export class ManagerSlot {
  #manager: DownloadManager | undefined;
  #listeners = new Set<() => void>();

  /** The manager, once the pane's code has created it. */
  get manager(): DownloadManager | undefined {
    return this.#manager;
  }

  /**
   * The manager, created on the first call by code that has its module (and so is in the pane's
   * chunk). Creating it tells no one: a new manager has nothing running, so nothing shown changes.
   */
  fill(create: () => DownloadManager): DownloadManager {
    if (!this.#manager) {
      this.#manager = create();
      this.#manager.subscribe(() => {
        for (const listener of this.#listeners) listener();
      });
    }
    return this.#manager;
  }

  /** Told of every change of the manager's downloads, also when subscribed before it exists. */
  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** Downloads running in the page: none before the manager exists. */
  running = (): number => this.#manager?.active().length ?? 0;
}
