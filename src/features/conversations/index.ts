export { CompactRowsToggle } from './compact-rows';
export { compactRowsOn } from './row-density';
export { ConversationList } from './conversation-list';
export { NotificationsToggle } from './desktop-notifications';
export { StatusFilter } from './status-filter';
export { useStatusFilter } from './use-status-filter';
export { conversationListOptions } from './queries';
