import { fireEvent, render, screen } from '@testing-library/react';
import { DEVICE_STORAGE_KEYS } from '@agency/bus';
import { missingRoles } from './devices';
import { PhoneSettingsDialog } from './PhoneSettingsDialog';

const device = (kind: MediaDeviceKind, deviceId: string, label = ''): MediaDeviceInfo =>
  ({ kind, deviceId, label, groupId: 'g', toJSON: () => ({}) }) as MediaDeviceInfo;

const DEVICES = [
  device('audioinput', 'default', 'Default microphone'),
  device('audioinput', 'mic-2', 'USB headset'),
  device('audiooutput', 'default', 'Speakers'),
  device('audiooutput', 'out-2', 'USB headset'),
];
const none = { output: null, input: null, ring: null };

beforeEach(() => localStorage.clear());

describe('missing devices', () => {
  it('finds nothing missing when the devices are there', () => {
    expect(missingRoles(DEVICES, none)).toEqual([]);
    expect(missingRoles(DEVICES, { output: 'out-2', input: 'mic-2', ring: 'default' })).toEqual([]);
  });
  it('flags a chosen device that is gone', () => {
    expect(missingRoles(DEVICES, { ...none, input: 'unplugged' })).toEqual(['input']);
    expect(missingRoles(DEVICES, { ...none, ring: 'unplugged' })).toEqual(['ring']);
  });
  it('flags a kind with no device at all', () => {
    expect(
      missingRoles(
        DEVICES.filter((d) => d.kind !== 'audioinput'),
        none,
      ),
    ).toEqual(['input']);
  });
  it('knows nothing without a media API', () => expect(missingRoles(null, none)).toEqual([]));
});

describe('PhoneSettingsDialog', () => {
  it('lists Output, Input and Ring devices and keeps the choice', () => {
    const onChange = jest.fn();
    render(<PhoneSettingsDialog open onClose={jest.fn()} devices={DEVICES} missing={['ring']} onChange={onChange} />);
    expect(screen.getByRole('tab', { name: 'Output' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Input' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ring (missing)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Input' }));
    fireEvent.click(screen.getByRole('radio', { name: 'USB headset' }));
    expect(localStorage.getItem(DEVICE_STORAGE_KEYS.input)).toBe('mic-2');
    expect(onChange).toHaveBeenCalled();
  });
});
