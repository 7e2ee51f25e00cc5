import { useState } from 'react';
import { Alert, Avatar, Button, Empty, Input, Modal, Space, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { errorMessage, phoneApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { CALL_MESSAGES } from '@agency/contracts';
import { formatPhone, fullName, initials, peerStatus, sortPeers, STATUS_LABELS, useObservable } from '@agency/ui';
import { canDial, dialerValue } from '../device/dialer';

/** Cold transfer: the caller goes to a colleague or a number, and this leg ends. */
export function TransferDialog({ callSid, open, onClose }: { callSid: string | null; open: boolean; onClose(): void }) {
  const session = useObservable(bus.session$);
  const peers = sortPeers(useObservable(bus.peers$).filter((p) => p.id !== session?.user.id && peerStatus(p) !== 'offline'));
  const [number, setNumber] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function transfer(target: string) {
    if (!callSid) return setError(CALL_MESSAGES.transferMissingId);
    setBusy(target);
    setError(null);
    try {
      await phoneApi.transfer(callSid, target);
      bus.toast({ kind: 'success', message: 'Call transferred' });
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal open={open} onCancel={onClose} title="Transfer call" footer={null} destroyOnHidden width={400}>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} />}
      <Typography.Text type="secondary">The caller is put through; your side of the call ends.</Typography.Text>
      <ul aria-label="Colleagues to transfer to" style={{ listStyle: 'none', margin: '12px 0', padding: 0, maxHeight: 280, overflow: 'auto' }}>
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
            <Button size="small" icon={<SwapOutlined />} loading={busy === peer.id} aria-label={`Transfer to ${fullName(peer)}`} onClick={() => void transfer(peer.id)}>
              Transfer
            </Button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (canDial(number)) void transfer(number);
        }}
      >
        <Space.Compact style={{ width: '100%' }}>
          <Input aria-label="Transfer to number" placeholder="1 (512) 555-0100" inputMode="tel" value={number.length > 1 ? formatPhone(number) : number} onChange={(e) => setNumber(dialerValue(e.target.value))} />
          <Button htmlType="submit" disabled={!canDial(number)} loading={busy === number}>
            Transfer
          </Button>
        </Space.Compact>
      </form>
    </Modal>
  );
}
