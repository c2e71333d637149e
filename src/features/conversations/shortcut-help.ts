const SHORTCUTS: [keys: string[], action: string][] = [
  [['j', '↓'], 'Select the next conversation (loads more at the end of the list)'],
  [['k', '↑'], 'Select the previous conversation'],
  [['Enter', 'o'], 'Open the selected conversation'],
  [['Esc'], 'Close the conversation and go back to the list'],
  [['d'], 'Show or hide downloads'],
  [['?'], 'Show these shortcuts'],
];

let current: HTMLDialogElement | null = null;

function add<K extends keyof HTMLElementTagNameMap>(parent: Element, tag: K, text = '') {
  const element = document.createElement(tag);
  element.textContent = text;
  parent.append(element);
  return element;
}

/**
 * The "Keyboard shortcuts" help: a modal <dialog> (focus moves to Close and stays inside until it
 * closes); Esc or Close shut it and focus goes back where it was.
 *
 * Plain DOM rather than a React.lazy component, on purpose: a lazy chunk that imports React (or
 * its JSX runtime) makes the bundler split React out of the UI chunk into chunks of their own,
 * which costs the first load ~700 bytes of gzip and two requests. This way it lives in the
 * chunk of its own (see list-keys.ts) and the first load carries none of it. Text only, never HTML.
 */
export function showShortcutHelp(): void {
  if (current) return;
  const returnTo = document.activeElement;
  const dialog = document.createElement('dialog');
  dialog.className = 'shortcut-help';
  dialog.setAttribute('aria-labelledby', 'shortcut-help-title');
  add(dialog, 'h2', 'Keyboard shortcuts').id = 'shortcut-help-title';
  const list = add(dialog, 'dl');
  for (const [keys, action] of SHORTCUTS) {
    const item = add(list, 'div');
    const term = add(item, 'dt');
    keys.forEach((key, i) => {
      if (i > 0) term.append(' or ');
      add(term, 'kbd', key);
    });
    add(item, 'dd', action);
  }
  add(
    dialog,
    'p',
    'The arrow keys work while the list has focus. Shortcuts are off while you type in a field.',
  ).className = 'hint';
  const close = add(dialog, 'button', 'Close');
  close.type = 'button';

  const shut = (event?: Event) => {
    event?.preventDefault();
    dialog.close();
  };
  close.addEventListener('click', () => shut());
  dialog.addEventListener('cancel', shut);
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') shut(event);
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    current = null;
    if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus();
  });

  document.body.append(dialog);
  current = dialog;
  dialog.showModal();
  close.focus();
}
