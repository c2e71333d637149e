import { useEffect, useId, useLayoutEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../i18n/use-translation';
import { whenIdle } from '../../lib/when-idle';
import { viewToReact } from '../../ui/view-react';
import { loadFinderCode, useFinderCode, type LoadFinderCode } from './finder-code';
import { findBarView } from './markup';
import { quotedList } from './quoted-list';
import { useFindText, type FindParam } from './use-find-param';

/** Where focus goes back to from the field: the list's selected row, else its first. */
function focusList() {
  const scroller = document.querySelector('[data-testid="conversation-scroller"]');
  const row =
    scroller?.querySelector<HTMLElement>('.row-selected') ??
    scroller?.querySelector<HTMLElement>('[data-conversation-id]');
  row?.focus();
}

/** There is one finder (the first paint's is gone once this one renders). */
function focusField() {
  document.querySelector<HTMLElement>('.find-field')?.focus();
}

/**
 * The search box above the list (focused by Find or the `/` key): what is typed narrows the
 * loaded rows at once (ConversationList) and is kept in the URL. Esc clears it and goes back to
 * the list. Words it does not understand are named under it, and ignored.
 */
interface FindBarProps {
  find: FindParam;
  loadFinder: LoadFinderCode;
}

export function FindBar({ find, loadFinder }: FindBarProps) {
  const { t, language } = useTranslation();
  const messageId = useId();
  // The field drawn before the app started (src/boot/first-paint.ts) had the focus: this one
  // takes it over, so typing goes on where it was.
  const [focusAtStart] = useState(() => document.activeElement?.matches('.find-field') ?? false);
  useLayoutEffect(() => {
    if (focusAtStart) focusField();
  }, [focusAtStart]);
  // Fetched while the agent reads the list, so the first keystroke finds it in the page.
  useEffect(
    () => whenIdle(() => void loadFinderCode(loadFinder).catch(() => undefined)),
    [loadFinder],
  );
  const text = useFindText(find);
  const typed = text.trim() !== '';
  const { finder, failed } = useFinderCode(typed || find.unread, text, loadFinder);
  const rejected = useMemo(
    // Read again in another language: its words are accepted then.
    () => (typed && finder && language ? finder.parseFindQuery(text, 0).rejected : []),
    [typed, finder, text, language],
  );
  const invalid = rejected.length > 0;
  // The list is not narrowed without the finder's code: say so rather than look filtered.
  const unavailable = failed && (typed || find.unread);
  return viewToReact(findBarView(text, find.unread), {
    parts: {
      'find-field': {
        'aria-invalid': invalid || undefined,
        'aria-describedby': invalid || unavailable ? messageId : undefined,
        onFocus: () => void loadFinderCode(loadFinder).catch(() => undefined),
        onChange: (event: { target: HTMLInputElement }) => find.setText(event.target.value),
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          // The whole list is drawn first, so the row to focus is there.
          flushSync(() => find.setText(''));
          focusList();
        },
      },
      'find-button': { onClick: focusField },
      unread: { onChange: () => find.setUnread(!find.unread) },
    },
    slots: {
      'find-message': unavailable ? (
        <p id={messageId} role="alert" className="notice find-message">
          {t('find.unavailable')}
        </p>
      ) : invalid ? (
        <p id={messageId} className="notice find-message">
          {`${t('find.notUnderstood', { words: quotedList(rejected) })} `}
          {t('find.accepted', {
            open: t('status.open').toLocaleLowerCase(language.code),
            closed: t('status.closed').toLocaleLowerCase(language.code),
            pending: t('status.pending').toLocaleLowerCase(language.code),
            today: t('find.today'),
            yesterday: t('find.yesterday'),
          })}
        </p>
      ) : null,
    },
  });
}
