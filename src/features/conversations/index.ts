export { ConversationList } from './conversation-list';
export { NotificationsToggle } from './desktop-notifications';
export { StatusFilter } from './status-filter';
export { useStatusFilter } from './use-status-filter';
export { conversationListOptions } from './queries';
export { FindBar } from './find-bar';
export { useFindParam } from './use-find-param';
