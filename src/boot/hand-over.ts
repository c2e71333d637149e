import type { HandOver } from '../lib/hand-over';

/** The hand-over (lib/hand-over.ts) the first screen fills in while the app loads. */
export function createHandOver(): HandOver & {
  rememberScrollTop: (top: number) => void;
  rememberKey: (event: KeyboardEvent) => void;
} {
  let scrollTop = 0;
  let keys: KeyboardEvent[] = [];
  return {
    scrollTop: () => scrollTop,
    forgetScrollTop: () => {
      scrollTop = 0;
    },
    takeKeys: () => {
      const taken = keys;
      keys = [];
      return taken;
    },
    rememberScrollTop: (top) => {
      scrollTop = top;
    },
    rememberKey: (event) => {
      keys.push(event);
    },
  };
}
