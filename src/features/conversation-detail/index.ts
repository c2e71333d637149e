export { ConversationPane } from './conversation-pane';
export { prefetchMessages } from './queries';
