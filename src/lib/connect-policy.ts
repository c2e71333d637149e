/**
 * index.html's Content-Security-Policy allows connections to any http(s)
 * origin because the service's origin is only known at run time. As soon as it
 * is known we add a second policy limiting connections to our own origin and
 * the service's; browsers enforce the intersection of all policies, and a policy
 * can only ever be tightened, so signing in to another origin needs a reload.
 *
 * frame-src gets the same treatment: a large download is the service's own answer handed on by the
 * download worker to a hidden frame, and Firefox checks that frame against the answer's address
 * (the service's), where Chromium checks the worker's (ours).
 */
let appliedOrigin: string | null = null;

/** The one origin the page may connect to (besides its own), once known; null before. */
export function connectPolicyOrigin(): string | null {
  return appliedOrigin;
}

export function canConnectTo(origin: string): boolean {
  return appliedOrigin === null || appliedOrigin === origin;
}

export function applyConnectPolicy(origin: string): void {
  if (appliedOrigin !== null) return;
  appliedOrigin = origin;
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = `connect-src 'self' ${origin}; frame-src 'self' ${origin}`;
  document.head.append(meta);
}
