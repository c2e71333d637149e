import { useState, type ComponentType } from 'react';
import { findLanguage } from '../../i18n/languages';
import { chooseLanguage } from '../../i18n/translate';
import { useTranslation } from '../../i18n/use-translation';
import { announce } from '../../ui/live-region';
import { viewToReact } from '../../ui/view-react';
import { languageSelectView, timeSettingsButtonView } from './markup';

type Dialog = ComponentType<{ onClose: () => void }>;

interface LanguageAndTimeProps {
  /** Loads the Time settings dialog (time-settings-dialog.tsx), which comes with the pane's code. */
  loadTimeSettings: () => Promise<Dialog>;
}

/**
 * The header's Language select (used at once, remembered on this browser) and Time settings
 * button. A catalog or dialog that cannot be fetched (offline) is announced; the language in use
 * stays, and the next try asks again.
 */
export function LanguageAndTime({ loadTimeSettings }: LanguageAndTimeProps) {
  const { t, language } = useTranslation();
  const [Dialog, setDialog] = useState<Dialog | null>(null);
  const [choosing, setChoosing] = useState<string | null>(null);

  const choose = (code: string) => {
    const chosen = findLanguage(code);
    if (!chosen) return;
    setChoosing(code);
    chooseLanguage(chosen).then(
      () => setChoosing(null),
      () => {
        setChoosing(null);
        announce(t('settings.languageFailed', { language: chosen.name }));
      },
    );
  };
  const openTimeSettings = () =>
    loadTimeSettings().then(
      (loaded) => setDialog(() => loaded),
      () => announce(t('settings.timeFailed')),
    );

  const select = viewToReact(languageSelectView(findLanguage(choosing) ?? language), {
    parts: {
      language: {
        onChange: (event: { target: { value: string } }) => choose(event.target.value),
        'aria-busy': choosing ? 'true' : undefined,
      },
    },
  });
  return (
    <>
      {select}
      {viewToReact(timeSettingsButtonView(), {
        parts: { 'time-settings': { onClick: openTimeSettings } },
      })}
      {Dialog ? <Dialog onClose={() => setDialog(null)} /> : null}
    </>
  );
}
