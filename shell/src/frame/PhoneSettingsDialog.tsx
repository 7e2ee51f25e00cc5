import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Empty, Modal, Progress, Radio, Tabs, Typography } from 'antd';
import { AudioOutlined, SoundOutlined } from '@ant-design/icons';
import type { DeviceRole } from '@agency/bus';
import { devicesFor, DEVICE_ROLES, saveDevice, savedDevice } from './devices';

const ROLE_LABELS: Record<DeviceRole, string> = { output: 'Output', input: 'Input', ring: 'Ring' };
const ROLE_HELP: Record<DeviceRole, string> = {
  output: 'Where you hear the caller.',
  input: 'The microphone the caller hears.',
  ring: 'Where incoming calls ring.',
};

type SinkContext = AudioContext & { setSinkId?: (id: string) => Promise<void> };

/** A short two-tone chime on the chosen output. */
async function playTestTone(deviceId: string | null) {
  const ctx = new AudioContext() as SinkContext;
  if (deviceId && deviceId !== 'default' && ctx.setSinkId) await ctx.setSinkId(deviceId).catch(() => undefined);
  const gain = ctx.createGain();
  gain.gain.value = 0.2;
  gain.connect(ctx.destination);
  [660, 880].forEach((freq, i) => {
    const osc = ctx.createOscillator();
    osc.frequency.value = freq;
    osc.connect(gain);
    osc.start(ctx.currentTime + i * 0.25);
    osc.stop(ctx.currentTime + i * 0.25 + 0.22);
  });
  setTimeout(() => void ctx.close(), 800);
}

/** A live level of the chosen microphone while the Input tab is open and testing. */
function MicLevel({ deviceId }: { deviceId: string | null }) {
  const [level, setLevel] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const frame = useRef(0);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let ctx: AudioContext | null = null;
    let stopped = false;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: deviceId && deviceId !== 'default' ? { deviceId: { exact: deviceId } } : true });
        if (stopped) return stream.getTracks().forEach((t) => t.stop());
        ctx = new AudioContext();
        const analyser = ctx.createAnalyser();
        analyser.fftSize = 512;
        ctx.createMediaStreamSource(stream).connect(analyser);
        const data = new Uint8Array(analyser.fftSize);
        const tick = () => {
          analyser.getByteTimeDomainData(data);
          let peak = 0;
          for (const v of data) peak = Math.max(peak, Math.abs(v - 128) / 128);
          setLevel(Math.min(1, peak * 1.5));
          frame.current = requestAnimationFrame(tick);
        };
        tick();
      } catch {
        setError('Please check that your browser has access to the microphone and output devices');
      }
    })();
    return () => {
      stopped = true;
      cancelAnimationFrame(frame.current);
      stream?.getTracks().forEach((t) => t.stop());
      void ctx?.close();
    };
  }, [deviceId]);
  if (error) return <Alert type="warning" showIcon title={error} />;
  const color = level <= 0 ? '#bfbfbf' : level < 0.5 ? '#52c41a' : level < 0.75 ? '#faad14' : '#f5222d';
  return <Progress percent={Math.round(level * 100)} showInfo={false} strokeColor={color} aria-label="Microphone level" />;
}

function DeviceTab({ role, devices, missing, onChange }: { role: DeviceRole; devices: MediaDeviceInfo[] | null; missing: boolean; onChange: () => void }) {
  const [value, setValue] = useState(() => savedDevice(role) ?? 'default');
  const [testing, setTesting] = useState(false);
  const list = devices ? devicesFor(role, devices) : [];
  const labelsHidden = list.some((d) => !d.label);
  const hasDefault = list.some((d) => d.deviceId === 'default');
  const options = [
    ...(hasDefault ? [] : [{ deviceId: 'default', label: 'System default' }]),
    ...list.map((d, i) => ({ deviceId: d.deviceId, label: d.label || `${ROLE_LABELS[role]} device ${i + 1}` })),
  ];
  const choose = (id: string) => {
    setValue(id);
    saveDevice(role, id === 'default' ? null : id);
    onChange();
  };
  return (
    <div style={{ minHeight: 220 }}>
      <Typography.Paragraph type="secondary">{ROLE_HELP[role]}</Typography.Paragraph>
      {missing && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={list.length === 0 ? `No ${ROLE_LABELS[role].toLowerCase()} device was found.` : 'The chosen device is not connected. Choose another one.'}
        />
      )}
      {devices === null ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This browser does not list audio devices." />
      ) : (
        <Radio.Group
          value={value}
          onChange={(e) => choose(e.target.value as string)}
          aria-label={`${ROLE_LABELS[role]} device`}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          options={options.map((o) => ({ value: o.deviceId, label: o.label }))}
        />
      )}
      {labelsHidden && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 12 }}>
          Device names show once the browser is allowed to use the microphone.
        </Typography.Paragraph>
      )}
      <div style={{ marginTop: 16 }}>
        {role === 'input' ? (
          <>
            <Button icon={<AudioOutlined />} onClick={() => setTesting((t) => !t)}>
              {testing ? 'Stop Test' : 'Test Microphone'}
            </Button>
            {testing && (
              <div style={{ marginTop: 12 }}>
                <MicLevel deviceId={value} />
              </div>
            )}
          </>
        ) : (
          <Button icon={<SoundOutlined />} onClick={() => void playTestTone(value)}>
            Play Test Sound
          </Button>
        )}
      </div>
    </div>
  );
}

/** Output, Input and Ring devices for the phone; choices stay in this browser. */
export function PhoneSettingsDialog({
  open,
  onClose,
  devices,
  missing,
  onChange,
}: {
  open: boolean;
  onClose: () => void;
  devices: MediaDeviceInfo[] | null;
  missing: DeviceRole[];
  onChange: () => void;
}) {
  return (
    <Modal open={open} onCancel={onClose} title="Phone settings" destroyOnHidden footer={<Button onClick={onClose}>Done</Button>} width={520}>
      <Tabs
        items={DEVICE_ROLES.map((role) => ({
          key: role,
          label: (
            <span style={missing.includes(role) ? { color: '#fa541c' } : undefined}>
              {ROLE_LABELS[role]}
              {missing.includes(role) && ' (missing)'}
            </span>
          ),
          children: <DeviceTab role={role} devices={devices} missing={missing.includes(role)} onChange={onChange} />,
        }))}
      />
    </Modal>
  );
}
