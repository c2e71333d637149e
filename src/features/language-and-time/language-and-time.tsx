import { useEffect, useState, type ComponentType } from 'react';
import { findLanguage, type Language } from '../../i18n/languages';
import { activeLanguage, chooseLanguage, t } from '../../i18n/translate';
import { useTranslation } from '../../i18n/use-translation';
import { unlessMovedOn } from '../../lib/unless-moved-on';
import { announce } from '../../ui/live-region';
import { viewToReact } from '../../ui/view-react';
import { languageSelectView, timeSettingsButtonView } from './markup';

type Dialog = ComponentType<{ onClose: () => void }>;

interface LanguageAndTimeProps {
  /** Loads the Time settings dialog (time-settings-dialog.tsx), which comes with the pane's code. */
  loadTimeSettings: () => Promise<Dialog>;
}

/**
 * Used at once and remembered on this browser; a failure is announced and the language stays.
 * Then it is pending no more, unless the agent has chosen another since.
 */
function apply(
  chosen: Language,
  setPending: (update: (pending?: Language) => Language | undefined) => void,
) {
  const settled = () => setPending((pending) => (pending === chosen ? undefined : pending));
  chooseLanguage(chosen).then(settled, () => {
    settled();
    announce(t('settings.languageFailed', { language: chosen.name }));
  });
}

export interface LanguageSelectProps {
  /**
   * A language chosen on the sign-in form drawn before the app took over (src/boot/): the app
   * chooses it when it starts, as if chosen here.
   */
  chosenEarly?: string | undefined;
}

/**
 * The Language select, in the header and on the sign-in form: the same choice, remembered the
 * same way. A catalog that cannot be fetched (offline) is announced; the language in use stays,
 * and the next try asks again.
 */
export function LanguageSelect({ chosenEarly }: LanguageSelectProps) {
  const { language } = useTranslation();
  // Shown as chosen while its catalog loads.
  const [choosing, setChoosing] = useState(() =>
    chosenEarly !== activeLanguage().code ? findLanguage(chosenEarly) : undefined,
  );
  const [early] = useState(choosing);
  useEffect(() => {
    if (early) apply(early, setChoosing);
  }, [early]);

  const choose = (code: string) => {
    const chosen = findLanguage(code);
    if (!chosen) return;
    setChoosing(chosen);
    apply(chosen, setChoosing);
  };

  return viewToReact(languageSelectView(choosing ?? language), {
    parts: {
      language: {
        onChange: (event: { target: { value: string } }) => choose(event.target.value),
        'aria-busy': choosing ? 'true' : undefined,
      },
    },
  });
}

/** The header's Language select and Time settings button. */
export function LanguageAndTime({ loadTimeSettings }: LanguageAndTimeProps) {
  // The button's word follows the language.
  useTranslation();
  const [Dialog, setDialog] = useState<Dialog | null>(null);
  const openTimeSettings = () =>
    unlessMovedOn(loadTimeSettings()).then(
      (loaded) => loaded && setDialog(() => loaded),
      () => announce(t('settings.timeFailed')),
    );

  return (
    <>
      <LanguageSelect />
      {viewToReact(timeSettingsButtonView(), {
        parts: { 'time-settings': { onClick: openTimeSettings } },
      })}
      {Dialog ? <Dialog onClose={() => setDialog(null)} /> : null}
    </>
  );
}
