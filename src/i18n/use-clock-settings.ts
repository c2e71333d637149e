import { useSyncExternalStore } from 'react';
import { clockSettings, onClockChange, type ClockSettings } from './clock-settings';

/** The clock settings, drawing the component again when they change (here or in another tab). */
export function useClockSettings(): ClockSettings {
  return useSyncExternalStore(onClockChange, clockSettings, clockSettings);
}
