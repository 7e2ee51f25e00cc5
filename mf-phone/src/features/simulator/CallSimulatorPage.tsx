import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { PhoneOutlined, StopOutlined } from '@ant-design/icons';
import { phoneApi, smsApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { isAdminRole } from '@agency/contracts';
import { formatPhone, useLiveQuery, useObservable } from '@agency/ui';
import { Softphone, type SimulatedAttestation } from '../device/softphone';
import { useCallTimer } from '../device/useCallTimer';
import { VolumeMeter } from '../device/VolumeMeter';

const digits = (n: string) => {
  const d = (n ?? '').replace(/\D/g, '');
  return d.length === 10 ? `1${d}` : d;
};

/** What the carrier is to say of this phone's number when it calls (the StirVerstat the app reads). */
const ATTESTATIONS: Array<{ value: SimulatedAttestation | 'none'; label: string }> = [
  { value: 'none', label: 'No caller verification' },
  { value: 'A', label: 'Verified caller (attestation A)' },
  { value: 'B', label: 'Partly verified (attestation B)' },
  { value: 'C', label: 'Unverified (attestation C)' },
  { value: 'fail', label: 'Failed verification (fraud)' },
];

function SimulatedCall({ phone }: { phone: Softphone }) {
  const state = useObservable(phone.state$);
  const call = state.call;
  const timer = useCallTimer(call?.startedAt ?? null);
  if (!call) return <Typography.Text type="secondary">No call. Call the agency, or wait for the agency to call this phone.</Typography.Text>;
  const status = {
    pending: 'The agency is calling',
    connecting: 'Connecting…',
    ringing: 'Ringing at the agency…',
    open: 'Connected',
    reconnecting: 'Reconnecting…',
  }[call.status];
  return (
    <section aria-label="Simulated call" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Space wrap>
        <Tag color={call.status === 'open' ? 'green' : 'blue'}>{status}</Tag>
        <span>{call.direction === 'incoming' ? `From ${formatPhone(call.number)}` : `To ${formatPhone(call.number)}`}</span>
        <span role="timer" aria-label="Call timer" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {timer}
        </span>
      </Space>
      <Space size={16} wrap>
        <VolumeMeter label="Input volume" level={call.volume.input} />
        <VolumeMeter label="Output volume" level={call.volume.output} />
      </Space>
      {call.said.length > 0 && (
        <div role="log" aria-label="What the line said">
          {call.said.map((line, i) => (
            <Typography.Paragraph key={i} style={{ margin: 0 }}>
              “{line}”
            </Typography.Paragraph>
          ))}
        </div>
      )}
      <Space wrap>
        {call.status === 'pending' ? (
          <>
            <Button type="primary" icon={<PhoneOutlined />} onClick={() => phone.answer()}>
              Answer
            </Button>
            <Button danger icon={<StopOutlined />} onClick={() => phone.reject()}>
              Reject
            </Button>
          </>
        ) : (
          <Button type="primary" danger icon={<PhoneOutlined rotate={225} />} onClick={() => phone.hangUp()}>
            Hang Up
          </Button>
        )}
      </Space>
      {(call.status === 'open' || (call.direction === 'outgoing' && call.status === 'ringing')) && (
        <div role="group" aria-label="Keypad" style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 40px)', gap: 6 }}>
          {['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'].map((k) => (
            <Button key={k} aria-label={`Press ${k}`} onClick={() => phone.sendDigits(k)}>
              {k}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}

interface ClientPhoneProps {
  phone: Softphone;
  clientNumber: string;
  numbers: Array<{ phoneNumber: string; friendlyName: string }>;
  agencyNumber: string | undefined;
  onAgencyNumber(n: string): void;
}

function ClientPhone({ phone, clientNumber, numbers, agencyNumber, onAgencyNumber }: ClientPhoneProps) {
  const state = useObservable(phone.state$);
  const ready = state.device === 'ready';
  const [attest, setAttest] = useState<SimulatedAttestation | 'none'>('none');
  return (
    <Card
      title="The client's phone"
      extra={
        <Tag color={ready ? 'green' : 'default'}>
          {ready ? `${formatPhone(clientNumber)} is on the line` : state.device === 'error' ? 'Offline' : 'Connecting…'}
        </Tag>
      }
      style={{ flex: 1, minWidth: 360 }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        {state.error && <Alert type="error" showIcon role="alert" title={state.error} />}
        <Space.Compact style={{ width: '100%' }}>
          <Select
            aria-label="Agency number"
            style={{ flex: 1 }}
            value={agencyNumber}
            onChange={onAgencyNumber}
            options={numbers.map((n) => ({ value: n.phoneNumber, label: `${n.friendlyName || 'Number'} · ${formatPhone(n.phoneNumber)}` }))}
          />
          <Button
            type="primary"
            icon={<PhoneOutlined />}
            disabled={!ready || !!state.call || !agencyNumber}
            onClick={() => agencyNumber && void phone.dial(digits(agencyNumber), attest === 'none' ? {} : { attest })}
          >
            Call Agency
          </Button>
        </Space.Compact>
        <Select aria-label="Caller verification" value={attest} onChange={setAttest} options={ATTESTATIONS} />
        <SimulatedCall phone={phone} />
        {!!state.lastCalls.length && (
          <Typography.Text type="secondary">
            Last call: {state.lastCalls[0].direction === 'incoming' ? 'from' : 'to'} {formatPhone(state.lastCalls[0].number)}, {state.lastCalls[0].duration} s
          </Typography.Text>
        )}
      </div>
    </Card>
  );
}

/**
 * The call simulator (owners and admins, local carrier): this browser becomes a client's phone. It
 * calls one of the agency's numbers (the call flow answers) or rings when the agency calls it.
 */
export function CallSimulatorPage() {
  const session = useObservable(bus.session$);
  const admin = isAdminRole(session?.user.role);
  const listed = useLiveQuery(admin ? smsApi.simulatorNumbers : null).data;
  const numbers = useMemo(() => listed ?? [], [listed]);
  const [clientNumber, setClientNumber] = useState('');
  const [agencyNumber, setAgencyNumber] = useState<string | undefined>();
  const [phone, setPhone] = useState<Softphone | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => phone?.destroy(), [phone]);
  useEffect(() => {
    if (!agencyNumber && numbers[0]) setAgencyNumber(numbers[0].phoneNumber);
  }, [numbers, agencyNumber]);

  if (!admin) return <Alert type="warning" showIcon title="You do not have access to perform this action." />;

  function connect() {
    const number = digits(clientNumber);
    if (number.length !== 11) return setError('Enter a phone number of 10 or 11 digits');
    setError(null);
    const created = new Softphone(() => phoneApi.simulatorToken(number), { onNotice: (_kind, message) => setError(message) });
    setPhone(created);
    void created.start();
  }

  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Card title="Call simulator" style={{ width: 440 }}>
        <Typography.Paragraph type="secondary">
          Be a client&apos;s phone: call one of the agency&apos;s numbers through the local carrier, or take the agency&apos;s calls to this number.
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} />}
        <Form layout="vertical" onFinish={connect} requiredMark={false}>
          <Form.Item label="Client number" htmlFor="sim-client-number">
            <Input
              id="sim-client-number"
              inputMode="tel"
              placeholder="(512) 555-0142"
              value={clientNumber}
              onChange={(e) => setClientNumber(e.target.value)}
              disabled={!!phone}
            />
          </Form.Item>
          {phone ? (
            <Space>
              <Button
                onClick={() => {
                  phone.destroy();
                  setPhone(null);
                }}
              >
                Disconnect Phone
              </Button>
            </Space>
          ) : (
            <Button type="primary" htmlType="submit">
              Connect Phone
            </Button>
          )}
        </Form>
      </Card>
      {phone && (
        <ClientPhone phone={phone} clientNumber={digits(clientNumber)} numbers={numbers} agencyNumber={agencyNumber} onAgencyNumber={setAgencyNumber} />
      )}
    </div>
  );
}
