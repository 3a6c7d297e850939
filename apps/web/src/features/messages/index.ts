/** What other features may use of the messages feature: the thread panel and the task list's counts. */
export { MessageThread } from './components/message-thread.tsx';
export { useUnreadCounts } from './api/get-unread-counts.ts';
export type { ThreadSource } from './api/thread-source.ts';
