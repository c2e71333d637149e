import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { announce } from '../../ui/live-region';
import { shareableLink } from './conversation-links';

interface Copied {
  /** What was copied, as the agent hears and sees it. */
  done: string;
}

interface Refused {
  /** "link" or "number", for the message. */
  what: string;
  text: string;
}

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
  const { search } = useLocation();
  const [outcome, setOutcome] = useState<Copied | Refused | null>(null);

  const copy = (what: 'link' | 'number', text: string, done: string) => {
    writeClipboard(text).then(
      () => {
        setOutcome({ done });
        announce(done);
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
            copy(
              'link',
              shareableLink(window.location.origin, conversationId, search),
              `Link to conversation #${conversationId} copied`,
            )
          }
        >
          Copy link
        </button>
        <button
          type="button"
          className="button-quiet"
          onClick={() =>
            copy('number', `#${conversationId}`, `Number of conversation #${conversationId} copied`)
          }
        >
          Copy number
        </button>
        {children}
      </div>
      {outcome && 'done' in outcome ? (
        <p className="detail-hint copy-outcome">{outcome.done}.</p>
      ) : null}
      {outcome && 'text' in outcome ? <RefusedCopy key={outcome.text} {...outcome} /> : null}
    </>
  );
}

/** The copy the browser refused: the text, selected, in a read-only field. */
function RefusedCopy({ what, text }: Refused) {
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  return (
    <div role="alert" className="alert copy-outcome">
      <label htmlFor={fieldId}>Your browser did not allow copying; the {what} is</label>
      <input
        ref={field}
        id={fieldId}
        type="text"
        readOnly
        value={text}
        onFocus={(event) => event.currentTarget.select()}
      />
    </div>
  );
}
