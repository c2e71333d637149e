import './go-to-dialog.css';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Translated } from '../../i18n/translated';
import { useTranslation } from '../../i18n/use-translation';
import { ModalDialog } from '../../ui/modal-dialog';
import { parseConversationNumber } from './conversation-number';

/**
 * "Go to conversation": a modal <dialog> with one field, "Conversation number". Go (or Enter)
 * opens `/conversations/{n}` with the current filters and search kept, whether or not the list
 * has loaded that conversation (the pane reads its messages on its own). A number that is not
 * one keeps the dialog open with the reason, tied to the field; nothing is navigated. Esc or
 * Cancel close it; focus goes back where it was when it opened.
 */
export function GoToDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  // What was refused: its reason is written when drawn, in the language in use.
  const [refused, setRefused] = useState<string | null>(null);
  const refusal = refused === null ? null : parseConversationNumber(refused);
  const error = refusal && 'error' in refusal ? refusal.error : null;
  const navigate = useNavigate();
  const { search } = useLocation();

  const go = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = parseConversationNumber(value);
    if ('error' in parsed) {
      setRefused(value);
      fieldRef.current?.focus();
      return;
    }
    onClose();
    void navigate(`/conversations/${parsed.id}${search}`);
  };

  return (
    <ModalDialog title={t('goToDialog.title')} initialFocusRef={fieldRef} onClose={onClose}>
      <form className="go-to-form" noValidate onSubmit={go}>
        <label htmlFor={fieldId}>{t('goToDialog.field')}</label>
        <input
          ref={fieldRef}
          id={fieldId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          value={value}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setValue(event.target.value);
            setRefused(null);
          }}
        />
        {error ? (
          <p id={errorId} role="alert" className="alert">
            {error}
          </p>
        ) : null}
        <p id={hintId} className="hint">
          <Translated
            id="goToDialog.hint"
            values={{ number: <bdi>48213</bdi>, id: <bdi>#48213</bdi> }}
          />
        </p>
        <div className="actions">
          <button type="submit">{t('goToDialog.go')}</button>
          <button type="button" className="button-quiet" onClick={onClose}>
            {t('goToDialog.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
