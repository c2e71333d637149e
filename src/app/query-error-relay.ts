import type { QueryErrorHandlers } from './query-client';

/**
 * The query client outlives renders, while the session and toast handlers
 * are React state; the relay lets the client call whatever handlers are current.
 */
export class QueryErrorRelay implements QueryErrorHandlers {
  private handlers: QueryErrorHandlers | null = null;

  connect(handlers: QueryErrorHandlers): () => void {
    this.handlers = handlers;
    return () => {
      if (this.handlers === handlers) this.handlers = null;
    };
  }

  onUnauthorized = (): void => this.handlers?.onUnauthorized();

  onBackgroundError = (message: string): void => this.handlers?.onBackgroundError(message);
}
