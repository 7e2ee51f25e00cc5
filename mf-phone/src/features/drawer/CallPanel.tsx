import { useState } from 'react';
import { Avatar, Button, Space, Tabs, Tag, theme, Typography } from 'antd';
import {
  AudioMutedOutlined,
  AudioOutlined,
  CloseOutlined,
  InboxOutlined,
  PauseCircleOutlined,
  PhoneOutlined,
  PlayCircleOutlined,
  StopOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { bus } from '@agency/bus';
import { formatPhone } from '@agency/ui';
import type { ActiveCall } from '../device/softphone';
import { useCallTimer } from '../device/useCallTimer';
import { VolumeMeter } from '../device/VolumeMeter';
import { CallMessages } from './CallMessages';
import { CallNotes } from './CallNotes';
import { ConferenceControls, ParticipantList, useConference } from './Conference';
import { TransferDialog } from './TransferDialog';
import { CallerVerificationIcon } from '../verification/CallerVerificationIcon';

export interface CallPanelProps {
  call: ActiveCall;
  multiLocation: boolean;
  onAnswer(): void;
  onIgnore(): void;
  onReject(): void;
  /** Sends the ringing caller to voicemail (incoming calls from outside). */
  onVoicemail(): void;
  onHangUp(): void;
  onToggleMute(): void;
  /** The call's recording: in progress, paused, or none. */
  recording: 'in-progress' | 'paused' | null;
  onToggleRecording(): void;
}

const STATUS_TEXT: Record<ActiveCall['status'], string> = {
  pending: 'Incoming call',
  connecting: 'Connecting…',
  ringing: 'Ringing…',
  open: 'Connected',
  reconnecting: 'Reconnecting…',
};

/** The active-call bar and its controls (spec 000 §2 "Phone drawer and call UI"). */
export function CallPanel({
  call,
  multiLocation,
  onAnswer,
  onIgnore,
  onReject,
  onVoicemail,
  onHangUp,
  onToggleMute,
  recording,
  onToggleRecording,
}: CallPanelProps) {
  const { token } = theme.useToken();
  const timer = useCallTimer(call.startedAt);
  const [transferring, setTransferring] = useState(false);
  const { conference, speaking } = useConference(call);
  const peer = call.number.length !== 11;
  const label = call.name || (peer ? 'Colleague' : formatPhone(call.number));
  const viewContact = () => bus.navigate(call.clientId ? `/contacts/contact/${call.clientId}` : `/contacts/contact/new?mobilePhone=${call.number}`);
  return (
    <section aria-label="Active call" style={{ display: 'flex', flexDirection: 'column', gap: 14 }}>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <Avatar size={48} icon={<UserOutlined />} style={{ background: token.colorPrimaryBg, color: token.colorPrimary, flex: 'none' }} />
        <div style={{ minWidth: 0 }}>
          <span style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}>
            <Typography.Text strong style={{ fontSize: 16 }} ellipsis>
              {label}
            </Typography.Text>
            <CallerVerificationIcon verification={call.verification} />
          </span>
          {!peer && call.name && <Typography.Text type="secondary">{formatPhone(call.number)}</Typography.Text>}
        </div>
      </div>
      <Space size={[6, 6]} wrap>
        <Tag color={call.direction === 'incoming' ? 'blue' : 'purple'}>{call.direction === 'incoming' ? 'Incoming' : 'Outgoing'}</Tag>
        {multiLocation && call.location && <Tag>{call.location}</Tag>}
        {call.ivr && <Tag color="geekblue">{call.ivr}</Tag>}
        {call.kind === 'COACHING' && <Tag color="purple">Coaching</Tag>}
        {(call.kind === 'CONFERENCE' || (conference && call.kind !== 'COACHING')) && <Tag color="cyan">Conference</Tag>}
        <Tag color={call.status === 'open' ? 'green' : call.status === 'reconnecting' ? 'red' : 'default'}>{STATUS_TEXT[call.status]}</Tag>
        {recording && <Tag color={recording === 'in-progress' ? 'red' : 'default'}>{recording === 'in-progress' ? '● Recording' : 'Recording paused'}</Tag>}
      </Space>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <span aria-label="Call timer" role="timer" style={{ fontSize: 28, fontVariantNumeric: 'tabular-nums', fontWeight: 300 }}>
          {timer}
        </span>
        <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 4 }}>
          <VolumeMeter label="Input volume" level={call.volume.input} />
          <VolumeMeter label="Output volume" level={call.volume.output} />
        </span>
      </div>
      {call.said.length > 0 && (
        <div role="log" aria-label="What the line said" style={{ background: token.colorFillTertiary, borderRadius: 8, padding: '8px 10px', fontSize: 13 }}>
          {call.said.map((line, i) => (
            <div key={i}>{line}</div>
          ))}
        </div>
      )}
      {!peer && !call.kind && (
        <Button icon={<UserOutlined />} onClick={viewContact}>
          View Contact
        </Button>
      )}
      {call.status === 'pending' ? (
        <div style={{ display: 'grid', gridTemplateColumns: peer || call.kind ? '1fr 1fr' : '1fr 1fr 1fr', gap: 8 }}>
          <Button type="primary" icon={<PhoneOutlined />} onClick={onAnswer} style={{ background: '#52c41a' }}>
            Answer
          </Button>
          {!peer && !call.kind && (
            <Button icon={<CloseOutlined />} onClick={onIgnore}>
              Ignore
            </Button>
          )}
          <Button danger icon={<StopOutlined />} onClick={onReject}>
            Reject
          </Button>
          {!peer && !call.kind && call.callId && (
            <Button icon={<InboxOutlined />} onClick={onVoicemail} style={{ gridColumn: '1 / -1' }}>
              Send to Voicemail
            </Button>
          )}
        </div>
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
          <Button
            icon={call.muted ? <AudioMutedOutlined /> : <AudioOutlined />}
            aria-pressed={call.muted}
            onClick={onToggleMute}
            disabled={call.status !== 'open'}
          >
            {call.muted ? 'Unmute' : 'Mute'}
          </Button>
          <Button type="primary" danger icon={<PhoneOutlined rotate={225} />} onClick={onHangUp}>
            End Call
          </Button>
          {recording && (
            <Button
              icon={recording === 'in-progress' ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
              onClick={onToggleRecording}
              style={{ gridColumn: '1 / -1' }}
            >
              {recording === 'in-progress' ? 'Pause Recording' : 'Resume Recording'}
            </Button>
          )}
          {!peer && <ConferenceControls call={call} conference={conference} onLeft={onHangUp} />}
          {call.direction === 'incoming' && !peer && !call.kind && !conference && (
            <Button icon={<SwapOutlined />} onClick={() => setTransferring(true)} disabled={call.status !== 'open'} style={{ gridColumn: '1 / -1' }}>
              Transfer
            </Button>
          )}
        </div>
      )}
      {!peer && <ParticipantList call={call} conference={conference} speaking={speaking} />}
      {!peer && call.status !== 'pending' && (
        <Tabs
          size="small"
          defaultActiveKey={call.clientId ? 'notes' : 'messages'}
          items={[
            ...(call.clientId ? [{ key: 'notes', label: 'Notes', children: <CallNotes clientId={call.clientId} /> }] : []),
            { key: 'messages', label: 'Messages', children: <CallMessages phoneNumber={call.number} clientId={call.clientId} /> },
          ]}
        />
      )}
      <TransferDialog callSid={call.sid} open={transferring} onClose={() => setTransferring(false)} />
    </section>
  );
}
