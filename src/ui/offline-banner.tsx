import { useOnlineStatus } from '../lib/use-online-status';

export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <p className="offline-banner" role="status">
      You are offline. Everything loaded stays here, and Threadline carries on when the connection
      returns.
    </p>
  );
}
