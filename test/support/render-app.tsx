import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { AppProviders } from '../../src/app/providers';
import { AppRoutes } from '../../src/app/router';
import type { AppConfig } from '../../src/lib/config';
import { DEFAULT_CONFIG } from '../../src/lib/config';
import type { HandOver } from '../../src/lib/hand-over';
import { writeSession } from '../../src/lib/session-store';
import { TEST_SERVICE_URL, TEST_TOKEN } from './msw';

export interface RenderAppOptions {
  /** The URL the app opens at (an object to give it history state). */
  route?: string | Partial<Pick<Location, 'pathname' | 'search' | 'state'>>;
  /** Signed in with the test service's token unless `null`. */
  session?: { serviceUrl: string; token: string } | null;
  config?: Partial<AppConfig>;
  /** What the first screen (src/boot/) hands to the app; none by default. */
  handOver?: HandOver;
  /**
   * The element the first screen drew in: React's first render replaces what is there, as in
   * the app (app/start.tsx). A new container by default.
   */
  container?: HTMLElement;
}

/**
 * Renders the whole app at a route, as a user would meet it: a fresh query
 * client and a fresh memory router per test, automatic retries off (queries and downloads).
 */
export function renderApp({
  route = '/',
  session,
  config,
  handOver,
  container,
}: RenderAppOptions = {}) {
  const signedIn =
    session === undefined ? { serviceUrl: TEST_SERVICE_URL, token: TEST_TOKEN } : session;
  if (signedIn) writeSession(signedIn);
  // Mirrors a data router's `router.state.location`, kept current by a probe inside the router.
  const router = { state: { location: undefined as unknown as Location } };
  const user = userEvent.setup();
  const result = render(
    <AppProviders
      config={{ ...DEFAULT_CONFIG, serviceUrl: TEST_SERVICE_URL, ...config }}
      queryDefaults={{ retry: false }}
      downloadOptions={{ retries: 0 }}
      handOver={handOver}
    >
      <MemoryRouter initialEntries={[route]} useTransitions={false}>
        <LocationProbe onChange={(location) => (router.state.location = location)} />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
    container ? { container } : {},
  );
  return { ...result, router, user };
}

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  onChange(useLocation());
  return null;
}
