// What tests, the bench, the soak and the dev server use (see README.md, Using it from code).
export type { FaultKind } from './faults.ts';
export { handleServiceRequest } from './handler.ts';
export { createNodeHandler } from './node-adapter.ts';
export { startServiceDouble } from './server.ts';
export type { RunningServiceDouble, StartOptions } from './server.ts';
export { createServiceState, DEMO_TOKEN, ServiceState } from './state.ts';
export type { RequestLogEntry, ServiceOptions } from './state.ts';
export { SHOWCASE_RANKS } from './messages.ts';
export { VIEWER_SAMPLES } from './viewer-samples.ts';
export { SCRIPT_MARKER } from './content.ts';
export { toFetchResponse } from './web-adapter.ts';
