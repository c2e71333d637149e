import type { CDPSession } from 'playwright';

/**
 * The slow machine of `npm run bench -- --slow`: an agent's laptop (CPU slowed 4×) on a poor
 * connection (Lighthouse's slow-4G-like profile). Applied through Chromium's DevTools protocol
 * per page, so the bench process and the service double keep their full speed.
 */
export interface Throttling {
  /** CPU slow-down factor; 1 is full speed. */
  cpuRate: number;
  network?: NetworkProfile;
}

export interface NetworkProfile {
  /** Added to every request, from sent to response headers. */
  latencyMs: number;
  /** Bytes per second. */
  downloadThroughput: number;
  uploadThroughput: number;
}

export const SLOW_CPU_RATE = 4;

/** 150 ms per request, 1.6 Mbps down, 750 kbps up (kilobits of 1,024 bits, as DevTools counts). */
export const SLOW_NETWORK: NetworkProfile = {
  latencyMs: 150,
  downloadThroughput: (1.6 * 1024 * 1000) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** CPU only: for figures about the app's own work, where a slow network would only add waiting. */
export const SLOW_CPU: Throttling = { cpuRate: SLOW_CPU_RATE };
/** CPU and network: for the first visit of the day, when nothing is cached yet. */
export const SLOW_PROFILE: Throttling = { cpuRate: SLOW_CPU_RATE, network: SLOW_NETWORK };

export function describeThrottling(throttling: Throttling | undefined): string {
  if (!throttling || (throttling.cpuRate === 1 && !throttling.network)) return 'full speed';
  const parts = [`CPU ${throttling.cpuRate}×`];
  const network = throttling.network;
  if (network) {
    const mbps = (network.downloadThroughput * 8) / (1024 * 1000);
    parts.push(`${network.latencyMs} ms`, `${Number(mbps.toFixed(2))} Mbps`, 'cold cache');
  }
  return parts.join(', ');
}

/**
 * Applies the throttling to the page behind `cdp`; call it before the page navigates. The
 * network profile also turns the HTTP cache off, so every sample is a first visit even if a
 * context were reused.
 */
export async function applyThrottling(cdp: CDPSession, throttling: Throttling): Promise<void> {
  if (throttling.cpuRate !== 1) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuRate });
  }
  const network = throttling.network;
  if (!network) return;
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: network.latencyMs,
    downloadThroughput: network.downloadThroughput,
    uploadThroughput: network.uploadThroughput,
  });
}
