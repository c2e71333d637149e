import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { SOURCE_LANGUAGE } from '../src/i18n/languages';
import { activateLanguage, loadLaterMessages } from '../src/i18n/translate';

// Components render here without the lazy loading that brings the later catalog part in the app.
if (typeof document !== 'undefined') await loadLaterMessages();

// A console.error during a test is a bug (React warnings, act() misuse, failed props): fail on it.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(async () => {
  cleanup();
  // A test that switched the language leaves the next one in English, as a fresh page starts.
  if (typeof document !== 'undefined') await activateLanguage(SOURCE_LANGUAGE);
  // Node-environment tests (the service double's) have no Web Storage.
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map(String).join(' ') ?? '';
    throw new Error(`console.error was called during the test: ${first}`);
  }
});

// The DOM here has no layout; give elements a viewport-sized box so the
// virtualized list renders the rows a browser would show.
if (typeof HTMLElement !== 'undefined') {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get: () => 640,
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
    configurable: true,
    get: () => 800,
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => 640,
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get: () => 800,
  });
  HTMLElement.prototype.getBoundingClientRect = function getBoundingClientRect() {
    return {
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 800,
      bottom: 640,
      width: 800,
      height: 640,
      toJSON: () => ({}),
    };
  };
}

// BroadcastChannel (the tabs' session hand-over) spans every test file's worker in the process:
// scope the channels so one file's "tabs" never talk to another's.
if (typeof BroadcastChannel !== 'undefined') {
  const scope = Math.random().toString(36).slice(2);
  const NativeChannel = BroadcastChannel;
  globalThis.BroadcastChannel = class ScopedChannel extends NativeChannel {
    constructor(name: string) {
      super(`${scope}:${name}`);
    }
  };
}
