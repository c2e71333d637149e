import './shortcut-help-dialog.css';
import { useRef } from 'react';
import { type MessageId } from '../../i18n/translate';
import { useTranslation } from '../../i18n/use-translation';
import { ModalDialog } from '../../ui/modal-dialog';

type Shortcuts = readonly (readonly [keys: readonly string[], action: MessageId])[];

const SHORTCUTS: Shortcuts = [
  [['j', '↓'], 'help.next'],
  [['k', '↑'], 'help.previous'],
  [['Enter', 'o'], 'help.open'],
  [['Esc'], 'help.close'],
  [['g'], 'help.goTo'],
  [['/'], 'help.find'],
  [['d'], 'help.downloads'],
  [['?'], 'help.shortcuts'],
];

/**
 * In the attachment viewer (opened by an attachment's View button). Its arrows are spatial: in a
 * right-to-left language → goes back and ← goes on, so the pair is written in that order, the
 * first read (at the right) with "previous".
 */
const viewerShortcuts = (dir: 'ltr' | 'rtl'): Shortcuts => [
  [dir === 'rtl' ? ['→', '←'] : ['←', '→'], 'help.viewerNext'],
  [['+', '−'], 'help.viewerZoom'],
  [['0'], 'help.viewerFit'],
  [['r'], 'help.viewerRotate'],
  [['Esc'], 'help.viewerClose'],
];

function ShortcutList({ shortcuts }: { shortcuts: Shortcuts }) {
  const { t } = useTranslation();
  return (
    <dl>
      {shortcuts.map(([keys, action]) => (
        <div key={action}>
          <dt>
            {keys.map((key, i) => (
              <span key={key}>
                {i > 0 ? ` ${t('help.or')} ` : null}
                <kbd>{key}</kbd>
              </span>
            ))}
          </dt>
          <dd>{t(action)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The help itself: a modal <dialog> (focus moves to Close and stays inside until it closes); Esc
 * or Close shut it and focus goes back where it was when it opened.
 */
export function ShortcutHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, language } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);

  return (
    <ModalDialog
      open={open}
      title={t('help.title')}
      className="shortcut-help"
      initialFocusRef={closeRef}
      onClose={onClose}
    >
      <ShortcutList shortcuts={SHORTCUTS} />
      <h3>{t('help.viewerHeading')}</h3>
      <ShortcutList shortcuts={viewerShortcuts(language.dir)} />
      <p className="hint">{t('help.hint')}</p>
      <button ref={closeRef} type="button" onClick={onClose}>
        {t('help.closeButton')}
      </button>
    </ModalDialog>
  );
}
