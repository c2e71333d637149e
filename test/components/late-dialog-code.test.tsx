import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ShortcutHelpDialog } from '../../src/features/conversations';
import {
  ShortcutHelp,
  type ShortcutHelpHandle,
} from '../../src/features/conversations/shortcut-help';
import { GoToConversation, GoToDialog } from '../../src/features/go-to-conversation';
import { LanguageAndTime, TimeSettingsDialog } from '../../src/features/language-and-time';

/** A dialog's code on its way (a slow connection), arriving when the test says. */
function slowCode<T>(code: T) {
  let arrive = () => {};
  const loaded = new Promise<T>((resolve) => (arrive = () => resolve(code)));
  let calls = 0;
  return {
    load: () => (calls++ === 0 ? loaded : Promise.resolve(code)),
    arrive,
  };
}

/** A dialog's button beside the finder's field, where the agent turns meanwhile. */
function renderWithField(ui: React.ReactNode) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <input aria-label="Find in conversations" />
      {ui}
    </MemoryRouter>,
  );
  return user;
}

describe('a dialog whose code arrives after the agent has moved on', () => {
  it('Go to conversation stays closed and the finder keeps the keys; the next press opens it', async () => {
    const code = slowCode<ComponentType<{ onClose: () => void }>>(GoToDialog);
    const user = renderWithField(<GoToConversation loadDialog={code.load} />);
    await user.click(screen.getByRole('button', { name: 'Go to conversation' }));
    const field = screen.getByRole('textbox', { name: 'Find in conversations' });
    await user.click(field);
    await user.type(field, 'refund');
    code.arrive();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveValue('refund');

    await user.click(screen.getByRole('button', { name: 'Go to conversation' }));
    expect(await screen.findByRole('dialog', { name: 'Go to conversation' })).toBeInTheDocument();
  });

  it('Go to conversation opens when the agent waited for it', async () => {
    const code = slowCode<ComponentType<{ onClose: () => void }>>(GoToDialog);
    const user = renderWithField(<GoToConversation loadDialog={code.load} />);
    await user.click(screen.getByRole('button', { name: 'Go to conversation' }));
    code.arrive();
    expect(await screen.findByRole('dialog', { name: 'Go to conversation' })).toBeInTheDocument();
  });

  it('Go to conversation still opens after a modifier key or a scroll meanwhile', async () => {
    const code = slowCode<ComponentType<{ onClose: () => void }>>(GoToDialog);
    const user = renderWithField(<GoToConversation loadDialog={code.load} />);
    await user.click(screen.getByRole('button', { name: 'Go to conversation' }));
    await user.keyboard('{Shift}');
    fireEvent.wheel(window, { deltaY: 120 });
    code.arrive();
    expect(await screen.findByRole('dialog', { name: 'Go to conversation' })).toBeInTheDocument();
  });

  it('Time settings stays closed once the agent has clicked elsewhere', async () => {
    const code = slowCode<ComponentType<{ onClose: () => void }>>(TimeSettingsDialog);
    const user = renderWithField(<LanguageAndTime loadTimeSettings={code.load} />);
    await user.click(screen.getByRole('button', { name: 'Time settings' }));
    await user.click(screen.getByRole('textbox', { name: 'Find in conversations' }));
    code.arrive();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Time settings' }));
    expect(await screen.findByRole('dialog', { name: 'Time settings' })).toBeInTheDocument();
  });

  it('the keyboard shortcuts stay closed once the agent has typed elsewhere', async () => {
    const code =
      slowCode<ComponentType<{ open: boolean; onClose: () => void }>>(ShortcutHelpDialog);
    const help = createRef<ShortcutHelpHandle>();
    const user = renderWithField(<ShortcutHelp ref={help} loadDialog={code.load} />);
    help.current!.show();
    await user.type(screen.getByRole('textbox', { name: 'Find in conversations' }), 'x');
    code.arrive();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    help.current!.show();
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument(),
    );
  });
});
