import { Modal, Tabs } from 'antd';
import type { PhoneNumber } from '@agency/contracts';
import { PortNumberTab } from './PortNumberTab';
import { PurchaseNumberTab } from './PurchaseNumberTab';

/** Port / Purchase Phone Number: Transfer Your Own number, or Purchase New Number. */
export function PortPurchaseDialog({
  accountId,
  open,
  onClose,
  onChanged,
}: {
  accountId: string;
  open: boolean;
  onClose: () => void;
  onChanged: (p?: PhoneNumber) => void;
}) {
  return (
    <Modal open={open} title="Port / Purchase Phone Number" onCancel={onClose} footer={null} width={720} destroyOnHidden mask={{ closable: false }}>
      <Tabs
        defaultActiveKey="purchase"
        items={[
          {
            key: 'port',
            label: 'Transfer Your Own number',
            children: <PortNumberTab accountId={accountId} onClose={onClose} onSubmitted={() => onChanged()} />,
          },
          { key: 'purchase', label: 'Purchase New Number', children: <PurchaseNumberTab accountId={accountId} onClose={onClose} onPurchased={onChanged} /> },
        ]}
      />
    </Modal>
  );
}
