import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { findLanguage } from '../../src/i18n/languages';
import { activateLanguage } from '../../src/i18n/translate';
import { ConfigError, DEFAULT_CONFIG, parseConfig } from '../../src/lib/config';

/** The text a bad config.json stops the app with, in the language in use when shown. */
function refusal(raw: unknown): ConfigError {
  try {
    parseConfig(raw);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('parseConfig accepted it');
}

describe('config.json', () => {
  afterEach(() => act(() => activateLanguage(findLanguage('en')!)));

  it('fills in what it leaves out', () => {
    expect(parseConfig({ serviceUrl: 'https://support.example' })).toEqual({
      ...DEFAULT_CONFIG,
      serviceUrl: 'https://support.example',
    });
  });

  it.each<[unknown, string]>([
    [{ listTimeoutMs: 'soon' }, 'config.json is invalid at "listTimeoutMs": it must be a number'],
    [
      { listTimeoutMs: 1500.5 },
      'config.json is invalid at "listTimeoutMs": it must be a whole number',
    ],
    [
      { pollIntervalMs: 100 },
      'config.json is invalid at "pollIntervalMs": it must be at least 5,000',
    ],
    [{ serviceUrl: 42 }, 'config.json is invalid at "serviceUrl": it must be text'],
    [
      { messagesPath: 'conversations/{id}/messages' },
      'config.json is invalid at "messagesPath": it must start with /',
    ],
    [
      { messagesPath: '/messages' },
      'config.json is invalid at "messagesPath": it must include {id}',
    ],
    ['https://support.example', 'config.json is invalid: it must be an object of settings'],
    [[1, 2], 'config.json is invalid: it must be an object of settings'],
    // Browsers keep a timer's delay in 32 bits: a longer poll fired in a tight loop.
    ...(['listTimeoutMs', 'pollIntervalMs', 'hiddenPollIntervalMs'] as const).map(
      (key): [unknown, string] => [
        { [key]: 2 ** 31 },
        `config.json is invalid at "${key}": it must be at most 2,147,483,647`,
      ],
    ),
    ...[
      'javascript:alert(1)',
      'http://agent:secret@support.example/api',
      'ftp://example.com',
      // The sign-in form refuses these too (lib/service-address.ts).
      'https://support.example/api?tenant=1',
      'https://support.example/api#x',
    ].map((serviceUrl): [unknown, string] => [
      { serviceUrl },
      'config.json is invalid at "serviceUrl": it must be an http:// or https:// address without a user name, password, ? or #',
    ]),
    ...[
      '/../other/{id}/messages',
      '/c/%2E%2e/{id}',
      '/c/{id}/.',
      '/c\\..\\{id}',
      '/c/{id}/messages?as=admin',
      '/c/{id}#x',
    ].map((messagesPath): [unknown, string] => [
      { messagesPath },
      `config.json is invalid at "messagesPath": it must be a path under the service's, without . or .. segments, ? or #`,
    ]),
  ])('refuses %j, naming the setting and what it must be', (raw, text) => {
    expect(refusal(raw).text).toBe(text);
  });

  it('takes service addresses, paths that stay under the service, and the longest timers', () => {
    for (const serviceUrl of [
      '',
      'https://support.example/api',
      'http://127.0.0.1:8080/api/',
      'support.example',
    ]) {
      expect(parseConfig({ serviceUrl }).serviceUrl).toBe(serviceUrl);
    }
    expect(parseConfig({ pollIntervalMs: 2 ** 31 - 1 }).pollIntervalMs).toBe(2 ** 31 - 1);
    for (const messagesPath of ['/v2/conversations/{id}/messages', '/c/{id}/...', '/c.d/{id}']) {
      expect(parseConfig({ messagesPath }).messagesPath).toBe(messagesPath);
    }
  });

  it("says what is wrong in the agent's language, not the schema library's English", async () => {
    const error = refusal({ pollIntervalMs: 100 });
    await act(() => activateLanguage(findLanguage('de')!));
    expect(error.text).toBe(
      'config.json ist ungültig bei „pollIntervalMs“: es muss mindestens 5.000 sein',
    );
    await act(() => activateLanguage(findLanguage('ja')!));
    expect(refusal({ messagesPath: '/messages' }).text).toBe(
      'config.json の「messagesPath」が不正です: {id} を含む必要があります',
    );
  });
});
