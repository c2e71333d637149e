// The Language and Time settings feature's surface. The header controls (and the sign-in form's
// Language select, composed in app/root-layout.tsx) ship with the first render; the Time settings
// dialog comes with the pane's lazy chunk (app/conversation-route.tsx).
export { LanguageAndTime, LanguageSelect } from './language-and-time';
export { TimeSettingsDialog } from './time-settings-dialog';
