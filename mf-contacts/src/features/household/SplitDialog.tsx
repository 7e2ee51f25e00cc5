import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Modal, Radio, Space, Table, Typography } from 'antd';
import { SPLIT_ACTIONS, type ClientLevel, type SplitAction, type SplitEntity, type SplitRequest } from '@agency/contracts';
import { clientsApi } from '@agency/api-client';
import { confirmAction, withToasts } from '@agency/ui';
import { MSG } from '../common/messages';
import { useContact } from '../detail/ContactContext';
import { personName, personOf } from '../detail/person';
import { addressLines } from '../addresses/format';
import { dependentName } from '../dependents/DependentsSection';
import { policyTitle } from '../policies/PolicyCards';
import { paymentLabel } from '../payments/format';
import { labelOf } from '../common/labels';

interface Row {
  key: string;
  entity: SplitEntity;
  id: string;
  kind: string;
  label: string;
}

const ACTION_LABELS: Record<SplitAction, string> = { keep: 'Keep', copy: 'Copy', move: 'Move' };

/** Split: one person becomes a contact of its own; each record is kept, copied or moved (keep by default). */
export function SplitDialog({ open, level, onClose }: { open: boolean; level: ClientLevel; onClose: () => void }) {
  const { id, full } = useContact();
  const navigate = useNavigate();
  const [actions, setActions] = useState<Record<string, SplitAction>>({});
  const [busy, setBusy] = useState(false);
  const leaving = personName(personOf(full.client, level)) || (level === 'primary' ? 'the primary' : 'the secondary');

  const rows: Row[] = [
    ...full.addresses.map((a) => ({ entity: 'addresses' as const, id: a.id, kind: 'Address', label: [a.type, ...addressLines(a)].join(' · ') })),
    ...full.dependents.map((d) => ({ entity: 'dependents' as const, id: d.id, kind: 'Dependent', label: dependentName(d) })),
    ...full.policies.map((p) => ({ entity: 'policies' as const, id: p.id, kind: 'Policy', label: policyTitle(p) })),
    ...full.quotes.map((q) => ({
      entity: 'quotes' as const,
      id: q.id,
      kind: labelOf(q.form),
      label:
        q.form === 'commercial'
          ? (q.companyName ?? 'Commercial')
          : q.form === 'home'
            ? (q.address ?? 'Home')
            : [q.year, q.make, q.model].filter(Boolean).join(' ') || labelOf(q.type),
    })),
    ...full.paymentMethods.map((p) => ({ entity: 'paymentMethods' as const, id: p.id, kind: 'Payment Method', label: paymentLabel(p) })),
    ...full.miscItems.map((m) => ({ entity: 'miscItems' as const, id: m.id, kind: 'Extra', label: m.label })),
    ...full.links.map((l) => ({ entity: 'links' as const, id: l.id, kind: 'Link', label: l.name })),
    ...full.tags.filter((t) => t.isActive && t.format === 'simple').map((t) => ({ entity: 'tags' as const, id: t.id, kind: 'Tag', label: t.name })),
    ...full.followUps.filter((f) => f.isActive).map((f) => ({ entity: 'followUps' as const, id: f.id, kind: 'Follow Up', label: f.note || 'Follow up' })),
  ].map((r) => ({ ...r, key: `${r.entity}:${r.id}` }));

  const submit = async () => {
    if (!(await confirmAction(MSG.splitConfirm(level)))) return;
    const items: SplitRequest['items'] = {};
    for (const r of rows) {
      const action = actions[r.key] ?? 'keep';
      if (action === 'keep') continue;
      (items[r.entity] ??= {})[r.id] = action;
    }
    setBusy(true);
    try {
      const res = await withToasts(clientsApi.split(id, { type: level, items }), MSG.splitDone, MSG.splitFailed);
      setActions({});
      onClose();
      navigate(`/contacts/contact/${res.newClient.id}`);
    } catch {
      // reported
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title="Split Contact" onCancel={onClose} width={760} footer={null} destroyOnHidden>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${leaving} becomes a new contact. Choose for each record whether it stays here (Keep), goes to both (Copy) or goes to the new contact (Move).`}
        />
        {rows.length === 0 ? (
          <Typography.Text type="secondary">This contact has no records to share.</Typography.Text>
        ) : (
          <Table<Row>
            size="small"
            pagination={false}
            scroll={{ y: 360 }}
            dataSource={rows}
            columns={[
              { title: 'Record', dataIndex: 'kind', width: 140 },
              { title: 'Details', dataIndex: 'label', ellipsis: true },
              {
                title: 'Action',
                width: 220,
                render: (_v, r) => (
                  <Radio.Group
                    aria-label={`Action for ${r.kind} ${r.label}`}
                    size="small"
                    optionType="button"
                    value={actions[r.key] ?? 'keep'}
                    onChange={(e) => setActions((a) => ({ ...a, [r.key]: e.target.value as SplitAction }))}
                    options={SPLIT_ACTIONS.filter((s) => !(r.entity === 'followUps' && s === 'copy')).map((s) => ({ value: s, label: ACTION_LABELS[s] }))}
                  />
                ),
              },
            ]}
          />
        )}
        <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 12 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={busy}>
            {busy ? MSG.saving : 'Split'}
          </Button>
        </Space>
      </form>
    </Modal>
  );
}
