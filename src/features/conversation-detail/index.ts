export { ConversationPane } from './conversation-pane';
export { BackToConversations } from './back-to-conversations';
