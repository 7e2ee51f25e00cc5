import { Button, Tooltip, Typography } from 'antd';
import { EnvironmentOutlined, PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import type { Address } from '@agency/contracts';
import { addressesApi } from '@agency/api-client';
import { confirmAction, withToasts } from '@agency/ui';
import { RecordCard, RecordSection } from '../common/RecordCards';
import { MSG } from '../common/messages';
import { useDialog } from '../common/useDialog';
import { useContact } from '../detail/ContactContext';
import { AddressDialog } from './AddressDialog';
import { addressLines, mapsUrl, sortAddresses } from './format';

export function AddressBody({ address }: { address: Address }) {
  return (
    <>
      {addressLines(address).map((l) => (
        <div key={l}>{l}</div>
      ))}
      {address.county ? <Typography.Text type="secondary">{address.county} County</Typography.Text> : null}
      {address.country ? <div>{address.country}</div> : null}
    </>
  );
}

/** The Address tab: cards in type order, pin toggle, maps link, add/edit dialog, delete after confirmation. */
export function AddressCards() {
  const { id, full, reload } = useContact();
  const dialog = useDialog<Address>();
  const togglePin = async (a: Address) => {
    await withToasts(addressesApi.update(id, a.id, { pinned: !a.pinned }), MSG.addressUpdated, (m) => MSG.recordFailed('updating', 'address', m)).catch(
      () => undefined,
    );
    await reload();
  };
  const remove = async (a: Address) => {
    if (!(await confirmAction(MSG.miscDeleteConfirm(`this ${a.type.toLowerCase()} address`)))) return;
    await withToasts(addressesApi.remove(id, a.id), MSG.addressDeleted, (m) => MSG.recordFailed('deleting', 'address', m)).catch(() => undefined);
    await reload();
  };
  const list = sortAddresses(full.addresses);
  return (
    <>
      <RecordSection title="Addresses" addLabel="Add Address" onAdd={dialog.openNew} empty="No addresses" count={list.length}>
        {list.map((a) => (
          <RecordCard
            key={a.id}
            testId="address-card"
            title={`${a.type} Address`}
            onEdit={() => dialog.openEdit(a)}
            onDelete={() => void remove(a)}
            extra={
              <>
                <Tooltip title="Open in maps">
                  <Button
                    type="text"
                    size="small"
                    icon={<EnvironmentOutlined />}
                    aria-label={`Open ${a.type} address in maps`}
                    href={mapsUrl(a)}
                    target="_blank"
                    rel="noreferrer"
                  />
                </Tooltip>
                <Tooltip title={a.pinned ? 'Unpin' : 'Pin'}>
                  <Button
                    type="text"
                    size="small"
                    icon={a.pinned ? <PushpinFilled /> : <PushpinOutlined />}
                    aria-label={`${a.pinned ? 'Unpin' : 'Pin'} ${a.type} address`}
                    aria-pressed={a.pinned}
                    onClick={() => void togglePin(a)}
                  />
                </Tooltip>
              </>
            }
          >
            <AddressBody address={a} />
          </RecordCard>
        ))}
      </RecordSection>
      <AddressDialog open={dialog.open} address={dialog.record} onClose={dialog.close} />
    </>
  );
}
