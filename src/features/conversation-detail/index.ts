export { ConversationPane } from './conversation-pane';
// The route's own message about a wrong number fills its placeholder with an element too.
