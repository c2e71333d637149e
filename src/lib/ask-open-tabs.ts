import * as v from 'valibot';
import type { ServiceSession } from '../api/http';
import { CHANNEL, supported, type Message } from './session-share';
import { sessionSchema } from './session-store';

// Apart from session-share.ts, which every signed-in tab runs: only the sign-in form asks.

/** The session of another open tab, or null when none answers within `timeoutMs`. */
export function askOpenTabs(timeoutMs: number): Promise<ServiceSession | null> {
  if (!supported()) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(CHANNEL);
    const done = (session: ServiceSession | null) => {
      clearTimeout(timer);
      channel.close();
      resolve(session);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    channel.onmessage = ({ data }: MessageEvent<Message>) => {
      if (data.type !== 'session') return;
      const parsed = v.safeParse(sessionSchema, data.session);
      if (parsed.success) done(parsed.output);
    };
    channel.postMessage({ type: 'ask' } satisfies Message);
  });
}
