export { ConversationPane } from './conversation-pane';
