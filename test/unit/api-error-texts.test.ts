import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endedError, describeError, networkError } from '../../src/api/errors';
import { ApiError } from '../../src/api/errors';
import { findLanguage } from '../../src/i18n/languages';
import { activateLanguage } from '../../src/i18n/translate';

/*
 * The app's own error texts are written in the agent's language when shown; what the service
 * wrote (its errors envelope's message) is shown as it came.
 */
describe('the error texts', () => {
  it('are written again in the language in use when shown', async () => {
    const timeout = endedError('timeout', { timeoutMs: 30_000 });
    expect(describeError(timeout)).toBe('The service did not answer within 30 seconds.');
    await act(() => activateLanguage(findLanguage('de')!));
    expect(describeError(timeout)).toBe(
      'Der Dienst hat nicht innerhalb von 30 Sekunden geantwortet.',
    );
    expect(describeError(networkError())).toBe(
      'Der Dienst ist nicht erreichbar. Prüfen Sie Ihre Verbindung.',
    );
    await act(() => activateLanguage(findLanguage('ar')!));
    expect(describeError(new Error('bug'))).toBe('حدث خطأ ما. يُرجى المحاولة مرة أخرى.');
  });

  it("keep the service's own message as it came, naming its parameter in the agent's language", async () => {
    await act(() => activateLanguage(findLanguage('ja')!));
    const refused = new ApiError({
      kind: 'service',
      type: 'validation_error',
      message: 'limit is too large',
      param: 'limit',
      status: 400,
    });
    expect(describeError(refused)).toBe('limit is too large（パラメーター：limit）');
    expect(describeError(refused.onFile('a.pdf'))).toBe(
      'limit is too large（パラメーター：limit）',
    );
  });
});
