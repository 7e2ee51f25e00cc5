import { useState } from 'react';
import { Alert, Button, Modal, Select, Space, Spin } from 'antd';
import { errorMessage, locationsApi } from '@agency/api-client';
import { useLiveQuery } from '@agency/ui';

/** More locations than this are chosen from a dropdown; fewer are buttons (spec 000 §2). */
export const PICKER_BUTTONS_MAX = 5;

/** Which location's number a call goes out from, when the number's contact does not say. */
export function LocationPicker({
  accountId,
  open,
  onPick,
  onCancel,
}: {
  accountId: string;
  open: boolean;
  onPick(location: { id: string; name: string }): void;
  onCancel(): void;
}) {
  const locations = useLiveQuery(open ? () => locationsApi.list(accountId) : null, null, [open, accountId]);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = locations.data ?? [];
  const pick = list.find((l) => l.id === chosen);
  return (
    <Modal
      open={open}
      title="Call from which location?"
      onCancel={onCancel}
      destroyOnHidden
      width={400}
      okText="OK"
      okButtonProps={{ disabled: !pick }}
      onOk={() => pick && onPick({ id: pick.id, name: pick.name })}
    >
      {locations.error ? <Alert type="error" showIcon title={errorMessage(locations.error)} /> : null}
      {!locations.data && !locations.error && <Spin aria-label="Loading locations" />}
      {list.length > PICKER_BUTTONS_MAX ? (
        <Select
          aria-label="Location"
          style={{ width: '100%' }}
          placeholder="Choose a location"
          value={chosen ?? undefined}
          onChange={setChosen}
          options={list.map((l) => ({ value: l.id, label: l.name }))}
        />
      ) : (
        <Space wrap>
          {list.map((l) => (
            <Button key={l.id} type={chosen === l.id ? 'primary' : 'default'} aria-pressed={chosen === l.id} onClick={() => setChosen(l.id)}>
              {l.name}
            </Button>
          ))}
        </Space>
      )}
    </Modal>
  );
}
