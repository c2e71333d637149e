import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NO_HAND_OVER } from '../../src/lib/hand-over';
import { renderApp } from '../support/render-app';
import { http } from 'msw';
import {
  listRequests,
  server,
  service,
  TEST_SERVICE_URL,
  TEST_TOKEN,
  useService,
} from '../support/msw';

const STORAGE_KEY = 'threadline.session';

describe('sign-in', () => {
  it('prefills the service URL (and a demo token) from config and signs in', async () => {
    const { user } = renderApp({ session: null, config: { demoToken: TEST_TOKEN } });
    const url = await screen.findByLabelText('Service URL');
    const token = await screen.findByLabelText('Access token');
    expect(url).toHaveValue(TEST_SERVICE_URL);
    expect(token).toHaveValue(TEST_TOKEN);
    expect(token).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY)!)).toEqual({
      serviceUrl: TEST_SERVICE_URL,
      token: TEST_TOKEN,
    });
    // localStorage holds only which conversations were opened (lib/seen-marks.ts), never the token.
    expect(Object.keys(localStorage)).toEqual([`threadline.seen ${TEST_SERVICE_URL}`]);
    expect(JSON.stringify(localStorage)).not.toContain(TEST_TOKEN);
    expect(service().requests.every((entry) => entry.authorizationValid)).toBe(true);
  });

  it("checks the token with the list's own first page, with the URL's filters: one list request to the first row", async () => {
    const { user } = renderApp({
      session: null,
      route: '/?status=open&status=pending',
      config: { demoToken: TEST_TOKEN },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getAllByRole('link').length).toBeGreaterThan(0);
    // The first page was asked for once (what follows is the next page, fetched ahead).
    const firstPages = listRequests().filter((params) => !params.has('next'));
    expect(firstPages).toHaveLength(1);
    expect(firstPages[0]!.getAll('statusId')).toEqual(['1', '3']);
    expect(firstPages[0]!.get('limit')).toBe('50');
  });

  it('moves focus to the list’s heading once signed in (the form it was on is gone)', async () => {
    const { user } = renderApp({ session: null, config: { demoToken: TEST_TOKEN } });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await screen.findByRole('list', { name: 'Conversations' });
    expect(screen.getByRole('heading', { level: 1, name: 'Conversations' })).toHaveFocus();
  });

  it('takes focus to the inbox for a session from another tab when it was on the form, not when it was elsewhere', async () => {
    let answer!: (session: { serviceUrl: string; token: string }) => void;
    const handOver = {
      ...NO_HAND_OVER,
      askOpenTabs: () =>
        new Promise<{ serviceUrl: string; token: string } | null>((resolve) => (answer = resolve)),
    };
    // Typing into the form when the session arrives: the field goes with the form.
    const typing = renderApp({ session: null, handOver });
    await typing.user.click(await screen.findByLabelText('Access token'));
    await typing.user.keyboard('abc');
    answer({ serviceUrl: TEST_SERVICE_URL, token: TEST_TOKEN });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(screen.getByRole('heading', { level: 1, name: 'Conversations' })).toHaveFocus();
    typing.unmount();
    sessionStorage.clear();

    // Focus somewhere the inbox does not replace stays there.
    const elsewhere = document.createElement('input');
    elsewhere.setAttribute('aria-label', 'Elsewhere');
    document.body.append(elsewhere);
    const other = renderApp({ session: null, handOver });
    await screen.findByLabelText('Access token');
    await other.user.click(elsewhere);
    answer({ serviceUrl: TEST_SERVICE_URL, token: TEST_TOKEN });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(elsewhere).toHaveFocus();
    elsewhere.remove();
  });

  it('leaves focus alone when the page opens signed in', async () => {
    renderApp();
    await screen.findByRole('list', { name: 'Conversations' });
    expect(document.body).toHaveFocus();
  });

  it('signs in again after a refused token with one request per attempt', async () => {
    const { user } = renderApp({ session: null });
    await user.type(await screen.findByLabelText('Access token'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('alert');
    const token = screen.getByLabelText('Access token');
    await user.clear(token);
    await user.type(token, TEST_TOKEN);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
    expect(listRequests().filter((params) => !params.has('next'))).toHaveLength(2);
  });

  it('checks a sign-in pressed before the app took over without asking the open tabs, and says there that the token was refused', async () => {
    const askOpenTabs = vi.fn(() =>
      Promise.resolve({ serviceUrl: TEST_SERVICE_URL, token: TEST_TOKEN }),
    );
    // The service answers once the check's own state has been looked at.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, async () => {
        await answered;
        return undefined;
      }),
    );
    renderApp({
      session: null,
      handOver: {
        ...NO_HAND_OVER,
        askOpenTabs,
        typedSignIn: () => ({
          serviceUrl: TEST_SERVICE_URL,
          token: 'mistyped',
          focus: null,
          submitted: true,
          language: 'en',
        }),
      },
    });
    // While it is checked, the fields hold what is checked.
    expect(await screen.findByRole('button', { name: 'Signing in…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByLabelText('Access token')).toHaveAttribute('readonly');
    answer();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service did not accept this access token.',
    );
    expect(screen.getByLabelText('Access token')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Access token')).toHaveValue('mistyped');
    // Focused by an effect of the render that shows the alert, which may run after it is found.
    await waitFor(() => expect(screen.getByLabelText('Access token')).toHaveFocus());
    // Another tab's session would have overruled the service the agent chose.
    expect(askOpenTabs).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('keeps the agent on the form when the token is refused', async () => {
    const { user } = renderApp({ session: null });
    await user.type(await screen.findByLabelText('Access token'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service did not accept this access token.',
    );
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(screen.getByLabelText('Access token')).toHaveValue('wrong');
    // The field to put right has the focus, not the page.
    expect(screen.getByLabelText('Access token')).toHaveFocus();
  });

  it.each(['not a url', 'https://service.test/api?tenant=1', 'https://service.test/api#x'])(
    'asks for a full URL without ? or # before sending anything (%s)',
    async (typed) => {
      const { user } = renderApp({ session: null });
      const url = await screen.findByLabelText('Service URL');
      await user.clear(url);
      await user.type(url, typed);
      await user.type(screen.getByLabelText('Access token'), TEST_TOKEN);
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Enter a full http:// or https:// address, without a user name, password, ? or #.',
      );
      expect(service().requests).toHaveLength(0);
      expect(url).toHaveFocus();
    },
  );

  it('returns to the sign-in form saying the session ended when the service answers 401', async () => {
    // The first page is served; the token expires before the second.
    useService({ tokenExpiresAfter: 1 });
    renderApp();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your session ended');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in to Threadline' })).toHaveFocus();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('after the session ends, offers the same service again rather than the configured one', async () => {
    useService({ tokenExpiresAfter: 1 });
    renderApp({
      config: { serviceUrl: 'https://configured.example.com', demoToken: 'configured-demo-token' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session ended');
    expect(await screen.findByLabelText('Service URL')).toHaveValue(TEST_SERVICE_URL);
    // The configured demo service's token is not offered for another service.
    expect(screen.getByLabelText('Access token')).toHaveValue('');
  });

  it('signs out, forgetting the token and everything loaded with it', async () => {
    const { user } = renderApp();
    await screen.findByRole('list', { name: 'Conversations' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('You are signed out.')).toBeInTheDocument();
    // The button pressed is gone: the form's heading has the focus, so what follows it (the
    // language beside it, why, the offer to forget, the fields) is read and tabbed through from
    // the top.
    expect(screen.getByRole('heading', { name: 'Sign in to Threadline' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: /Forget/ })).toHaveFocus();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();

    // Signing in again fetches afresh instead of showing the old session's data.
    const before = listRequests().length;
    await user.type(screen.getByLabelText('Access token'), TEST_TOKEN);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getAllByRole('link').length).toBeGreaterThan(0);
    expect(listRequests().length).toBeGreaterThan(before + 1);
  });
});
