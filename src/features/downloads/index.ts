// Ships with the first render: the manager, its provider, the header button (the panel is lazy).
export { DownloadsProvider, useConfirmedSignOut } from './manager/downloads-context';
export { DownloadsButton } from './panel/downloads-button';
export type { DownloadOptions } from './engines/download-settings';
