import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppLink } from '../../src/ui/app-link';

function Where() {
  const location: Location<unknown> = useLocation();
  const { pathname, search } = location;
  return (
    <output aria-label="Location">{`${pathname}${search} ${JSON.stringify(location.state)}`}</output>
  );
}

function renderLink(to: string, state?: unknown) {
  render(
    <MemoryRouter initialEntries={['/?status=open']} useTransitions={false}>
      <AppLink to={to} state={state}>
        Conversation 7
      </AppLink>
      <Where />
    </MemoryRouter>,
  );
  return screen.getByRole('link', { name: 'Conversation 7' });
}

describe('AppLink', () => {
  it('is a real link whose click moves within the app, with its state', async () => {
    const link = renderLink('/conversations/7?status=open', { keepLooking: true });
    expect(link).toHaveAttribute('href', '/conversations/7?status=open');
    await userEvent.click(link);
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(
      '/conversations/7?status=open {"keepLooking":true}',
    );
  });

  it('leaves a click with Ctrl, Shift or ⌘ to the browser (a new tab or window)', () => {
    const link = renderLink('/conversations/7');
    for (const modifier of [{ ctrlKey: true }, { shiftKey: true }, { metaKey: true }]) {
      // fireEvent returns false when the app took the click (preventDefault).
      expect(fireEvent.click(link, modifier)).toBe(true);
    }
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/?status=open');
  });
});
