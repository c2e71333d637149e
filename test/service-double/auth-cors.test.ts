// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AUTH, getJson, start } from './helpers';

const UNAUTHORIZED = {
  errors: [{ type: 'unauthorized', message: 'The access token is missing or no longer valid' }],
};

describe('authentication', () => {
  it.each([
    ['no Authorization header', {}],
    ['a wrong token', { Authorization: 'Bearer nope' }],
    ['another scheme', { Authorization: 'Basic ZGVtby10b2tlbg==' }],
  ])('answers 401 with %s', async (_, headers: Record<string, string>) => {
    const { url, state } = await start();
    for (const path of [
      '/conversations/list',
      `/conversations/${state.dataset.list()[0]!.id}/messages`,
    ]) {
      const { status, body, response } = await getJson(`${url}${path}`, headers);
      expect(status).toBe(401);
      expect(body).toEqual(UNAUTHORIZED);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('logs whether a token was sent and right, never the token itself', async () => {
    const { url, state } = await start({ token: 'secret-token-123' });
    await getJson(`${url}/conversations/list?limit=2`, {});
    await getJson(`${url}/conversations/list?limit=2`, { Authorization: 'Bearer wrong' });
    await getJson(`${url}/conversations/list?limit=2`, {
      Authorization: 'Bearer secret-token-123',
    });
    expect(
      state.requests.map((r) => [
        r.path,
        r.query,
        r.hasAuthorization,
        r.authorizationValid,
        r.status,
      ]),
    ).toEqual([
      ['/conversations/list', 'limit=2', false, false, 401],
      ['/conversations/list', 'limit=2', true, false, 401],
      ['/conversations/list', 'limit=2', true, true, 200],
    ]);
    expect(JSON.stringify(state.requests)).not.toContain('secret-token-123');
  });

  it('stops accepting the token after tokenExpiresAfter authorised requests', async () => {
    const { url, state } = await start({ tokenExpiresAfter: 2 });
    expect((await getJson(`${url}/conversations/list`)).status).toBe(200);
    expect((await getJson(`${url}/conversations/list`)).status).toBe(200);
    expect((await getJson(`${url}/conversations/list`)).status).toBe(401);
    state.setToken('fresh');
    expect(
      (await getJson(`${url}/conversations/list`, { Authorization: 'Bearer fresh' })).status,
    ).toBe(200);
  });
});

describe('CORS', () => {
  it('answers a preflight with 204 without a token', async () => {
    const { url } = await start();
    const response = await fetch(`${url}/conversations/list`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://app.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://app.example');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'Authorization, Content-Type',
    );
    expect(response.headers.get('access-control-max-age')).toBe('600');
  });

  it('adds CORS headers to successes and errors alike', async () => {
    const { url } = await start();
    for (const headers of [AUTH, {}]) {
      const response = await fetch(`${url}/conversations/list`, { headers });
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toBe(
        'Content-Length, Content-Type, Content-Disposition, Retry-After',
      );
    }
  });
});
