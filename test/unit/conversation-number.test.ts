import { describe, expect, it } from 'vitest';
import { parseConversationId } from '../../src/app/route-params';
import {
  contactSearchPath,
  findInListTarget,
  shareableLink,
} from '../../src/features/conversation-detail/conversation-links';
import { parseConversationNumber } from '../../src/features/go-to-conversation/conversation-number';

describe('the conversation number typed in "Go to conversation"', () => {
  it.each([
    ['48213', 48213],
    ['#48213', 48213],
    ['  #48213  ', 48213],
    ['# 7', 7],
    ['1', 1],
    ['007', 7],
    [String(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER],
  ])('accepts %j as %d', (input, id) => {
    expect(parseConversationNumber(input)).toEqual({ id });
  });

  it.each([
    ['', /Enter a conversation number/],
    ['   ', /Enter a conversation number/],
    ['#', /Enter a conversation number/],
    ['abc', /digits only/],
    ['-1', /digits only/],
    ['+5', /digits only/],
    ['1e5', /digits only/],
    ['3.5', /digits only/],
    ['##12', /digits only/],
    ['0', /start at 1/],
    ['000', /start at 1/],
    ['12 34', /spaces inside/],
    ['1'.repeat(30), /too long/],
    [String(Number.MAX_SAFE_INTEGER + 1), /too long/],
  ])('refuses %j with a message saying why', (input, message) => {
    const result = parseConversationNumber(input);
    expect(result).not.toHaveProperty('id');
    expect('error' in result && result.error).toMatch(message);
  });

  it('accepts exactly what a conversation address accepts', () => {
    for (const text of ['1', '48213', String(Number.MAX_SAFE_INTEGER)]) {
      const typed = parseConversationNumber(text);
      expect(typed).toEqual({ id: parseConversationId(text) });
    }
    expect(parseConversationId(String(Number.MAX_SAFE_INTEGER + 1))).toBeUndefined();
  });
});

describe('the addresses the pane links to', () => {
  it('"Find it in the list" replaces the search with the number and keeps the filters', () => {
    expect(findInListTarget(48213, '?status=open&status=pending&q=contact%3A9')).toEqual({
      to: '/conversations/48213?status=open&status=pending&q=%2348213',
      state: { keepLooking: true },
    });
    expect(findInListTarget(5, '').to).toBe('/conversations/5?q=%235');
  });

  it('the contact search keeps the path and the filters', () => {
    expect(contactSearchPath('/conversations/3', 871, '?status=closed&q=%233')).toBe(
      '/conversations/3?status=closed&q=contact%3A871',
    );
  });

  it('a copied link is absolute and keeps only the status filter', () => {
    expect(
      shareableLink('https://inbox.example', 48213, '?status=open&q=%2348213&status=pending'),
    ).toBe('https://inbox.example/conversations/48213?status=open&status=pending');
    expect(shareableLink('https://inbox.example', 7, '?q=contact%3A1')).toBe(
      'https://inbox.example/conversations/7',
    );
  });
});
