/// <reference lib="webworker" />
/**
 * The request worker's entry (README.md here), a dedicated worker of the page, built by Vite to
 * its own file.
 */
import { serveJsonRequests } from './serve-requests';

declare const self: DedicatedWorkerGlobalScope;

serveJsonRequests(self);
