// The Language and Time settings feature's surface. The header controls ship with the first
// render; the Time settings dialog comes with the pane's lazy chunk (app/conversation-route.tsx).
export { LanguageAndTime } from './language-and-time';
export { TimeSettingsDialog } from './time-settings-dialog';
