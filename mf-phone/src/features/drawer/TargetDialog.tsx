import { useState, type ReactNode } from 'react';
import { Alert, Avatar, Button, Empty, Modal, Space, Typography } from 'antd';
import { errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { fullName, initials, peerStatus, sortPeers, STATUS_LABELS, useObservable } from '@agency/ui';
import { canDial } from '../device/dialer';
import { NumberInput } from './NumberInput';

export interface TargetDialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  hint: string;
  /** The button's word: Transfer, Add. */
  verb: string;
  icon: ReactNode;
  /** Whom the list offers (online colleagues but oneself, less any already on the call). */
  exclude?: readonly string[];
  /** Does it with a colleague's id or an 11-digit number; resolves with the message to show. */
  onChoose(target: string): Promise<string>;
}

/** Picks a colleague who is online, or types a number (11 digits, Enter submits): for a transfer or a participant. */
export function TargetDialog({ open, onClose, title, hint, verb, icon, exclude = [], onChoose }: TargetDialogProps) {
  const session = useObservable(bus.session$);
  const peers = sortPeers(useObservable(bus.peers$).filter((p) => p.id !== session?.user.id && !exclude.includes(p.id) && peerStatus(p) !== 'offline'));
  const [number, setNumber] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(target: string) {
    setBusy(target);
    setError(null);
    try {
      bus.toast({ kind: 'success', message: await onChoose(target) });
      setNumber('');
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal open={open} onCancel={onClose} title={title} footer={null} destroyOnHidden width={400}>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} />}
      <Typography.Text type="secondary">{hint}</Typography.Text>
      <ul aria-label={`Colleagues to ${verb.toLowerCase()}`} style={{ listStyle: 'none', margin: '12px 0', padding: 0, maxHeight: 280, overflow: 'auto' }}>
        {peers.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nobody else is online" />}
        {peers.map((peer) => (
          <li key={peer.id} style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '6px 0' }}>
            <Avatar size={28} src={peer.avatar ?? undefined}>
              {initials(peer)}
            </Avatar>
            <span style={{ flex: 1 }}>
              {fullName(peer)}
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {STATUS_LABELS[peerStatus(peer)]}
              </Typography.Text>
            </span>
            <Button
              size="small"
              icon={icon}
              loading={busy === peer.id}
              aria-label={`${verb} ${verb === 'Transfer' ? 'to' : ''} ${fullName(peer)}`.replace(/\s+/g, ' ')}
              onClick={() => void choose(peer.id)}
            >
              {verb}
            </Button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (canDial(number)) void choose(number);
        }}
      >
        <Space.Compact style={{ width: '100%' }}>
          <NumberInput aria-label={`${verb} ${verb === 'Transfer' ? 'to ' : ''}number`} placeholder="+1-512-555-0100" value={number} onChange={setNumber} />
          <Button htmlType="submit" disabled={!canDial(number)} loading={busy === number}>
            {verb}
          </Button>
        </Space.Compact>
      </form>
    </Modal>
  );
}
