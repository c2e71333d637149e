/** One download per attachment of a conversation: the same button, wherever it is shown again. */
export const fileDownloadKey = (conversationId: number, url: string) =>
  `file:${conversationId}:${url}`;

/** One "Download all" per conversation. */
export const zipDownloadKey = (conversationId: number) => `zip:${conversationId}`;
