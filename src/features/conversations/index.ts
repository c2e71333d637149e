export { ConversationList, type StatusCounts } from './conversation-list';
export { StatusFilter } from './status-filter';
export { useStatusFilter } from './use-status-filter';
