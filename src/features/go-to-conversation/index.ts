// The go-to-conversation feature's surface. The header button ships with the first render; the
// dialog is imported by the conversation pane's lazy chunk (app/conversation-route.tsx), so it
// loads with it.
export { GoToConversation } from './go-to-button';
export { GoToDialog } from './go-to-dialog';
