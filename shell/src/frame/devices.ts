import { useCallback, useEffect, useState } from 'react';
import { DEVICE_STORAGE_KEYS, type DeviceRole } from '@agency/bus';

export const DEVICE_ROLES: DeviceRole[] = ['output', 'input', 'ring'];
const KIND: Record<DeviceRole, MediaDeviceKind> = { output: 'audiooutput', input: 'audioinput', ring: 'audiooutput' };

export const savedDevice = (role: DeviceRole) => localStorage.getItem(DEVICE_STORAGE_KEYS[role]);
export function saveDevice(role: DeviceRole, deviceId: string | null) {
  if (deviceId) localStorage.setItem(DEVICE_STORAGE_KEYS[role], deviceId);
  else localStorage.removeItem(DEVICE_STORAGE_KEYS[role]);
}

/** The devices of a role's kind. */
export const devicesFor = (role: DeviceRole, all: MediaDeviceInfo[]) => all.filter((d) => d.kind === KIND[role]);

/**
 * A role is missing when the browser lists no device of its kind, or when the chosen one is gone.
 * Browsers that do not list output devices (no setSinkId) never count outputs as missing.
 */
export function missingRoles(all: MediaDeviceInfo[] | null, saved: Record<DeviceRole, string | null>): DeviceRole[] {
  if (!all) return [];
  const outputsListed = all.some((d) => d.kind === 'audiooutput') || typeof HTMLMediaElement === 'undefined' || 'setSinkId' in HTMLMediaElement.prototype;
  return DEVICE_ROLES.filter((role) => {
    if (KIND[role] === 'audiooutput' && !outputsListed) return false;
    const list = devicesFor(role, all);
    if (list.length === 0) return true;
    const chosen = saved[role];
    return !!chosen && chosen !== 'default' && !list.some((d) => d.deviceId === chosen);
  });
}

/** The browser's audio devices, kept fresh on device changes; null where there is no media API. */
export function useMediaDevices() {
  const [devices, setDevices] = useState<MediaDeviceInfo[] | null>(null);
  const refresh = useCallback(async () => {
    const md = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    if (!md?.enumerateDevices) return setDevices(null);
    try {
      setDevices(await md.enumerateDevices());
    } catch {
      setDevices(null);
    }
  }, []);
  useEffect(() => {
    void refresh();
    const md = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    md?.addEventListener?.('devicechange', refresh);
    return () => md?.removeEventListener?.('devicechange', refresh);
  }, [refresh]);
  return { devices, refresh };
}
