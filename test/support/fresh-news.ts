import { loadPaneCode } from '../../src/app/pane-code';
import { loadFreshNewsCode } from '../../src/features/conversations/freshness-code';

/**
 * The app fetches the list's freshness (its checks for news, the banner, the title's count) when
 * the list is idle, a poll interval before its first check. Tests of it that poll every 100 ms
 * load it first, with the app's own loader, so every list has it from its first render.
 */
export async function loadFreshNews(): Promise<void> {
  await loadFreshNewsCode(loadPaneCode);
}
