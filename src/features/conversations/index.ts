export { CompactRowsToggle } from './compact-rows';
export { compactRowsOn } from './row-density';
export { ConversationList } from './conversation-list';
export { NotificationsToggle } from './desktop-notifications';
export { StatusFilter } from './status-filter';
export { useStatusFilter } from './use-status-filter';
export { conversationListOptions } from './queries';
export { FindBar } from './find-bar';
export { useFindParam } from './use-find-param';
// Loaded on demand, with the pane's chunk (app/conversation-route.tsx): see finder-code.ts.
/** @public read through the pane module's type (finder-code.ts), which knip cannot follow */
export { createRowNarrower, FindStatus, parseFindQuery } from './finder';
export { ShortcutHelpDialog } from './shortcut-help-dialog';
// Likewise the list's freshness (freshness-code.ts).
export { FreshNews } from './fresh-news';
