import './time-settings-dialog.css';
import { useId, useMemo, useRef } from 'react';
import { changeClockSettings } from '../../i18n/clock-settings';
import { useClockSettings } from '../../i18n/use-clock-settings';
import { formatExact } from '../../i18n/format';
import { useTranslation } from '../../i18n/use-translation';
import { useNow } from '../../lib/use-now';
import { ModalDialog } from '../../ui/modal-dialog';

/** Whether the language writes times on a 24-hour clock (German, Japanese) or not (English). */
function languageUses24Hours(locale: string): boolean {
  const { hourCycle } = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions();
  return hourCycle === 'h23' || hourCycle === 'h24';
}

const browserTimeZone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Every IANA zone this browser knows, as Intl lists them, and UTC first: Chromium leaves it out
 * of that list (every browser accepts it), and agents who keep their shift's times in UTC look
 * for it.
 */
function knownTimeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/**
 * Time settings: **24-hour clock** (checked as the language writes times until the agent says
 * otherwise) and **Time zone** (the browser's unless another is chosen). Both apply at once to
 * every time the app shows, in every open tab, and are remembered on this browser.
 */
export function TimeSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t, language } = useTranslation();
  const clock = useClockSettings();
  const now = useNow(1000);
  const closeRef = useRef<HTMLButtonElement>(null);
  const hourId = useId();
  const zoneId = useId();
  const zones = useMemo(() => knownTimeZones(), []);
  const hour24 = clock.hour24 ?? languageUses24Hours(language.code);

  return (
    <ModalDialog
      title={t('timeSettings.title')}
      initialFocusRef={closeRef}
      onClose={onClose}
      className="time-settings"
    >
      <div className="time-settings-fields">
        <label className="checkbox" htmlFor={hourId}>
          <input
            id={hourId}
            type="checkbox"
            checked={hour24}
            onChange={(event) => changeClockSettings({ hour24: event.target.checked })}
          />
          {t('timeSettings.hour24')}
        </label>
        <label htmlFor={zoneId}>{t('timeSettings.timeZone')}</label>
        <select
          id={zoneId}
          value={clock.timeZone ?? ''}
          onChange={(event) => changeClockSettings({ timeZone: event.target.value || null })}
        >
          <option value="">{t('timeSettings.browserTimeZone', { zone: browserTimeZone() })}</option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
        <p className="hint">{t('timeSettings.example', { time: formatExact(now) })}</p>
      </div>
      <div className="actions">
        <button ref={closeRef} type="button" onClick={onClose}>
          {t('timeSettings.close')}
        </button>
      </div>
    </ModalDialog>
  );
}
