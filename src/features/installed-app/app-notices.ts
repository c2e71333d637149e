import './app-notices.css';
import type { AppWorkerHandle } from './app-worker-handle';
import { followNewVersion, type NewVersionState } from './new-version';
import { askSavedConfig, savedConfigText } from './saved-config';
import { t, type MessageId } from '../../i18n/translate';
import { checkForUpdates } from './update-checks';

const VERSION_TEXT: Record<Exclude<NewVersionState, 'current'>, MessageId> = {
  ready: 'installed.ready',
  switching: 'installed.switching',
  'after-downloads': 'installed.afterDownloads',
};

/** One notice: its text, and a button when it offers one. Text only, never HTML. */
function notice(text: string, action?: { label: string; quiet?: boolean; onClick: () => void }) {
  const element = document.createElement('div');
  element.className = 'app-notice';
  const paragraph = document.createElement('p');
  paragraph.textContent = text;
  element.append(paragraph);
  if (action) {
    const button = document.createElement('button');
    button.type = 'button';
    if (action.quiet) button.className = 'button-quiet';
    button.textContent = action.label;
    button.addEventListener('click', action.onClick);
    element.append(button);
  }
  return element;
}

/**
 * The installed app's notices, in a polite live region of their own beside the app's tree (plain
 * DOM: this chunk shares no code with the first load): "A new version of Threadline is ready"
 * with Reload, and which config.json the app started with when it was not the server's, with
 * Dismiss. Also starts the update checks. Returns a function that removes it all.
 */
export function mountAppNotices(worker: AppWorkerHandle): () => void {
  const region = document.createElement('div');
  region.className = 'app-notices';
  region.setAttribute('role', 'status');
  document.body.append(region);

  let versionNotice: HTMLElement | null = null;
  const version = followNewVersion(worker, (state) => {
    const next =
      state === 'current'
        ? null
        : notice(
            t(VERSION_TEXT[state]),
            state === 'ready'
              ? { label: t('installed.reload'), onClick: () => version.reload() }
              : undefined,
          );
    if (versionNotice && next) versionNotice.replaceWith(next);
    else if (next) region.prepend(next);
    else versionNotice?.remove();
    versionNotice = next;
  });
  const stopChecks = checkForUpdates(worker.registration);
  let stopped = false;
  void askSavedConfig(worker.container).then((saved) => {
    // Offline, the app's own banner already says why nothing could be fetched.
    if (!saved || stopped || (saved.problem.reason === 'network' && !navigator.onLine)) return;
    const savedNotice = notice(savedConfigText(saved), {
      label: t('installed.dismiss'),
      quiet: true,
      onClick: () => savedNotice.remove(),
    });
    region.append(savedNotice);
  });
  return () => {
    stopped = true;
    version.stop();
    stopChecks();
    region.remove();
  };
}
