// Loaded with the conversation pane: the controls it shows for attachments.
export { DownloadActionsProvider } from './controls/download-actions';
export { DownloadsPanel } from './panel/downloads-panel';
