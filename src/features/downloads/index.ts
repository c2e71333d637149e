// The downloads feature's surface. The provider and the header button ship with the first render;
// the manager, the attachment controls and the panel are imported by the conversation pane's lazy
// chunk, so they load with it (manager/manager-slot.ts).
export { DownloadsProvider, useConfirmedSignOut } from './manager/downloads-context';
export { DownloadsButton } from './panel/downloads-button';
export type { DownloadOptions } from './engines/download-settings';
export { DownloadActionsProvider } from './controls/download-actions';
export { DownloadsPanel } from './panel/downloads-panel';
