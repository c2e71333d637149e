const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB", 52428800 → "50 MB" (binary multiples, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  let value = bytes / 1024;
  let unit: (typeof UNITS)[number] = 'KB';
  for (const next of UNITS.slice(1)) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  const digits = value < 10 ? 1 : 0;
  return `${value.toLocaleString('en', { maximumFractionDigits: digits })} ${unit}`;
}
