import type { ServiceSession } from '../api/http';
import type { HandOver } from '../lib/hand-over';
import { askOpenTabs } from '../lib/session-share';

/** The hand-over (lib/hand-over.ts) the first screen fills in while the app loads. */
export function createHandOver(): HandOver & {
  rememberScrollTop: (top: number) => void;
  rememberKey: (event: KeyboardEvent) => void;
  rememberSignInForm: (
    form: HTMLFormElement,
    submitted: () => boolean,
    language: HTMLSelectElement,
  ) => void;
} {
  let scrollTop = 0;
  let keys: KeyboardEvent[] = [];
  let asked: Promise<ServiceSession | null> | undefined;
  let signIn:
    { form: HTMLFormElement; submitted: () => boolean; language: HTMLSelectElement } | undefined;
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
    askOpenTabs: () => (asked ??= askOpenTabs()),
    typedSignIn: () => {
      if (!signIn?.form.isConnected) return undefined;
      const field = (name: string) => signIn?.form.elements.namedItem(name);
      const value = (name: string) => {
        const input = field(name);
        return input instanceof HTMLInputElement ? input.value : '';
      };
      const focused = document.activeElement;
      return {
        serviceUrl: value('serviceUrl'),
        token: value('token'),
        focus:
          focused === field('serviceUrl')
            ? 'serviceUrl'
            : focused === field('token')
              ? 'token'
              : focused === signIn.language
                ? 'language'
                : null,
        submitted: signIn.submitted(),
        language: signIn.language.value,
      };
    },
    rememberScrollTop: (top) => {
      scrollTop = top;
    },
    rememberKey: (event) => {
      keys.push(event);
    },
    rememberSignInForm: (form, submitted, language) => {
      signIn = { form, submitted, language };
    },
  };
}
