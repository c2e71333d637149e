import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { t as translate } from '../../i18n/translate';
import { useTranslation } from '../../i18n/use-translation';
import { announce } from '../../ui/live-region';
import { shareableLink } from './conversation-links';
import { Translated } from '../../i18n/translated';

type What = 'link' | 'number';

interface Copied {
  /** What was copied: the message says which. */
  done: What;
}

interface Refused {
  what: What;
  text: string;
}

const COPIED = { link: 'pane.linkCopied', number: 'pane.numberCopied' } as const;
const NOT_COPIED = { link: 'pane.linkNotCopied', number: 'pane.numberNotCopied' } as const;

/** Writes text to the clipboard; rejects where the API is missing (insecure context) or refuses. */
async function writeClipboard(text: string): Promise<void> {
  const { clipboard } = navigator as Partial<Navigator>;
  if (!clipboard?.writeText) throw new Error('No Clipboard API here');
  await clipboard.writeText(text);
}

/**
 * "Copy link" and "Copy number" in the pane's header, before `children` (Close). A copy is announced through the app's live
 * region and said beside the buttons; where the browser does not allow it, the text is shown
 * selected in a read-only field, ready for Ctrl+C.
 */
export function CopyButtons({
  conversationId,
  children,
}: {
  conversationId: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const [outcome, setOutcome] = useState<Copied | Refused | null>(null);

  const copy = (what: What, text: string) => {
    writeClipboard(text).then(
      () => {
        setOutcome({ done: what });
        // Heard as plain text: the isolation the page shows (<bdi>) means nothing to a voice.
        announce(translate(COPIED[what], { number: `#${conversationId}` }));
      },
      () => setOutcome({ what, text }),
    );
  };

  return (
    <>
      <div className="actions">
        <button
          type="button"
          className="button-quiet"
          onClick={() =>
            copy('link', shareableLink(window.location.origin, conversationId, search))
          }
        >
          {t('pane.copyLink')}
        </button>
        <button
          type="button"
          className="button-quiet"
          onClick={() => copy('number', `#${conversationId}`)}
        >
          {t('pane.copyNumber')}
        </button>
        {children}
      </div>
      {outcome && 'done' in outcome ? (
        <p className="detail-hint copy-outcome">
          <Translated id={COPIED[outcome.done]} values={{ number: <bdi>#{conversationId}</bdi> }} />
        </p>
      ) : null}
      {outcome && 'text' in outcome ? <RefusedCopy key={outcome.text} {...outcome} /> : null}
    </>
  );
}

/** The copy the browser refused: the text, selected, in a read-only field. */
function RefusedCopy({ what, text }: Refused) {
  const { t } = useTranslation();
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  return (
    <div role="alert" className="alert copy-outcome">
      <label htmlFor={fieldId}>{t(NOT_COPIED[what])}</label>
      <input
        ref={field}
        id={fieldId}
        type="text"
        readOnly
        dir="ltr"
        value={text}
        onFocus={(event) => event.currentTarget.select()}
      />
    </div>
  );
}
