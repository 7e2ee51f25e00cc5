import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { isCardType, type PaymentMethod, type PaymentMethodReveal } from '@agency/contracts';
import { errorMessage, paymentMethodsApi } from '@agency/api-client';
import { confirmAction, notifyError, withToasts } from '@agency/ui';
import { Facts, RecordCard, RecordSection } from '../common/RecordCards';
import { MSG } from '../common/messages';
import { useDialog } from '../common/useDialog';
import { useContact } from '../detail/ContactContext';
import { PaymentDialog } from './PaymentDialog';
import { paymentLabel, paymentTypeLabel } from './format';

function PaymentCard({ clientId, method, onEdit, onDelete }: { clientId: string; method: PaymentMethod; onEdit: () => void; onDelete: () => void }) {
  const [revealed, setRevealed] = useState<PaymentMethodReveal | null>(null);
  const reveal = async () => {
    try {
      setRevealed(await paymentMethodsApi.reveal(clientId, method.id));
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };
  const card = isCardType(method.type);
  return (
    <RecordCard
      testId="payment-card"
      title={paymentTypeLabel(method.type)}
      onEdit={onEdit}
      onDelete={onDelete}
      extra={
        revealed ? null : (
          <Tooltip title="Reveal numbers">
            <Button type="text" size="small" icon={<EyeOutlined />} aria-label={`Reveal numbers of ${paymentLabel(method)}`} onClick={() => void reveal()} />
          </Tooltip>
        )
      }
    >
      <Facts
        items={[
          [card ? 'Name on Card' : 'Account Holder', method.name],
          ['Routing', card ? null : (revealed?.routing ?? method.routing)],
          [card ? 'Card' : 'Account', revealed?.account ?? method.account],
          ['Expires', method.expDate],
          ['Address', [method.address, method.city, [method.state, method.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ')],
          ['Business', method.isBusinessAccount],
        ]}
      />
    </RecordCard>
  );
}

/** The Payment tab: cards plus Add Payment Method; numbers masked until revealed. */
export function PaymentCards() {
  const { id, full, reload } = useContact();
  const dialog = useDialog<PaymentMethod>();
  const remove = async (m: PaymentMethod) => {
    if (!(await confirmAction(MSG.miscDeleteConfirm(paymentLabel(m))))) return;
    await withToasts(paymentMethodsApi.remove(id, m.id), MSG.paymentMethodRemoved, MSG.paymentMethodDeleteFailed).catch(() => undefined);
    await reload();
  };
  return (
    <>
      <RecordSection title="Payment Methods" addLabel="Add Payment Method" onAdd={dialog.openNew} empty="No payment methods" count={full.paymentMethods.length}>
        {full.paymentMethods.map((m) => (
          <PaymentCard key={m.id} clientId={id} method={m} onEdit={() => dialog.openEdit(m)} onDelete={() => void remove(m)} />
        ))}
      </RecordSection>
      <PaymentDialog open={dialog.open} method={dialog.record} onClose={dialog.close} />
    </>
  );
}
