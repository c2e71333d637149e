import type { ServiceSession } from '../api/http';
import type { HandOver, TypedSignIn } from '../lib/hand-over';
import { askOpenTabs } from '../lib/session-share';

/** The hand-over (lib/hand-over.ts) the first screen fills in while the app loads. */
export function createHandOver(): HandOver & {
  rememberScrollTop: (top: number) => void;
  rememberKey: (event: KeyboardEvent) => void;
  rememberSignInForm: (form: HTMLFormElement, submitted: () => boolean) => void;
} {
  let scrollTop = 0;
  let keys: KeyboardEvent[] = [];
  let asked: Promise<ServiceSession | null> | undefined;
  let signIn: { form: HTMLFormElement; submitted: () => boolean } | undefined;
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
      const { form, submitted } = signIn;
      // The drawn form's controls by name: its two fields and the Language select.
      const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
      const focused = document.activeElement as HTMLInputElement | null;
      return {
        serviceUrl: control('serviceUrl').value,
        token: control('token').value,
        focus: ((focused?.form === form && focused.name) || null) as TypedSignIn['focus'],
        selection:
          focused instanceof HTMLInputElement
            ? [focused.selectionStart!, focused.selectionEnd!, focused.selectionDirection!]
            : undefined,
        submitted: submitted(),
        language: control('language').value,
      };
    },
    rememberScrollTop: (top) => {
      scrollTop = top;
    },
    rememberKey: (event) => {
      keys.push(event);
    },
    rememberSignInForm: (form, submitted) => {
      signIn = { form, submitted };
    },
  };
}
