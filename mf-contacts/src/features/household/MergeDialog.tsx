import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Form, Modal, Radio, Select, Space, Table, Typography } from 'antd';
import { PERSON_FIELDS, type ClientLevel, type ClientListItem, type MergeMode, type PersonField } from '@agency/contracts';
import { clientsApi, errorMessage } from '@agency/api-client';
import { confirmAction, notifyError, useLiveQuery, withToasts } from '@agency/ui';
import { MSG } from '../common/messages';
import { labelOf } from '../common/labels';
import { useContact } from '../detail/ContactContext';
import { personName, personOf } from '../detail/person';
import { ClientPicker } from './ClientPicker';

const MODE_LABELS: Record<MergeMode, string> = {
  combine: 'Combine (same person)',
  primary: 'As primary',
  secondary: 'As secondary',
};

const shown = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v === null || v === undefined ? '' : String(v));
const singleOnly = (i: ClientListItem) => !i.hasDual;

/** The fields where both people have a value and the values differ: the combine choices. */
export function conflictingFields(source: Record<string, unknown>, target: Record<string, unknown>): PersonField[] {
  return PERSON_FIELDS.filter((f) => {
    const a = shown(source[f]);
    const b = shown(target[f]);
    return a !== '' && b !== '' && a !== b;
  });
}

/**
 * Merge: this contact merges into the chosen target, which survives. Modes: combine (the same
 * person; per-field choices), primary or secondary (both single). The target list holds single
 * contacts; combine is chosen by itself when either side already has two people.
 */
export function MergeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { id, full } = useContact();
  const navigate = useNavigate();
  const [targetKey, setTargetKey] = useState<string | null>(null);
  const [mode, setMode] = useState<MergeMode | null>(null);
  const [combineWith, setCombineWith] = useState<ClientLevel>('primary');
  const [choices, setChoices] = useState<Record<string, 'source' | 'target'>>({});
  const [busy, setBusy] = useState(false);
  const sourceDual = full.client.hasDual;

  useEffect(() => {
    if (!open) {
      setTargetKey(null);
      setMode(null);
      setChoices({});
    }
  }, [open]);
  const targetId = targetKey?.split(':')[0];
  const fetched = useLiveQuery(targetId ? () => clientsApi.get(targetId) : null, null, targetId);
  const target = fetched.data && fetched.data.id === targetId ? fetched.data : null;
  useEffect(() => {
    if (fetched.error) notifyError(errorMessage(fetched.error));
  }, [fetched.error]);
  useEffect(() => {
    if (target && (target.hasDual || sourceDual)) setMode('combine');
  }, [target, sourceDual]);

  const source = personOf(full.client, 'primary');
  const targetPerson = target ? personOf(target, combineWith) : null;
  const conflicts = useMemo(() => (targetPerson ? conflictingFields(source, targetPerson) : []), [source, targetPerson]);
  const ready = !!target && !!mode && (mode !== 'combine' || conflicts.every((f) => choices[f]));

  const submit = async () => {
    if (!target || !mode || !ready) return;
    const targetName = personName(personOf(target, 'primary')) || 'the chosen contact';
    if (!(await confirmAction(`Sure you want to merge this contact into ${targetName}?`))) return;
    setBusy(true);
    try {
      const res = await withToasts(
        clientsApi.mergeWith(id, target.id, { mergeAs: mode, combineWithType: combineWith, combineData: mode === 'combine' ? choices : {} }),
        MSG.mergeDone,
        MSG.mergeFailed,
      );
      onClose();
      navigate(`/contacts/contact/${res.newClient.id}`);
    } catch {
      // reported
    } finally {
      setBusy(false);
    }
  };

  const modes: MergeMode[] = target?.hasDual || sourceDual ? ['combine'] : ['combine', 'primary', 'secondary'];
  return (
    <Modal open={open} title="Merge Contact" onCancel={onClose} width={760} footer={null} destroyOnHidden>
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
          title="This contact and all of its records move into the contact you choose; this contact is then removed."
        />
        <Form layout="vertical" component="div">
          <Form.Item label="Merge Into" htmlFor="merge-target" required>
            <ClientPicker
              id="merge-target"
              value={targetKey}
              onChange={(v) => setTargetKey(v)}
              exclude={id}
              filter={mode === 'combine' ? undefined : singleOnly}
            />
          </Form.Item>
          <Form.Item label="Merge As" required>
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as MergeMode)} aria-label="Merge As">
              {modes.map((m) => (
                <Radio key={m} value={m}>
                  {MODE_LABELS[m]}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          {mode === 'combine' && target ? (
            <>
              {target.hasDual ? (
                <Form.Item label="Same Person As" htmlFor="merge-combine-with">
                  <Select
                    id="merge-combine-with"
                    value={combineWith}
                    onChange={setCombineWith}
                    options={[
                      { value: 'primary', label: personName(personOf(target, 'primary')) || 'Primary' },
                      { value: 'secondary', label: personName(personOf(target, 'secondary')) || 'Secondary' },
                    ]}
                  />
                </Form.Item>
              ) : null}
              {conflicts.length === 0 ? (
                <Typography.Text type="secondary">No conflicting fields: empty values are filled from either side.</Typography.Text>
              ) : (
                <Table
                  size="small"
                  pagination={false}
                  scroll={{ y: 300 }}
                  rowKey="field"
                  dataSource={conflicts.map((f) => ({ field: f }))}
                  columns={[
                    { title: 'Field', dataIndex: 'field', width: 160, render: (f: PersonField) => labelOf(f) },
                    {
                      title: 'Keep',
                      render: (_v, { field }: { field: PersonField }) => (
                        <Radio.Group
                          aria-label={`Keep which ${labelOf(field)}`}
                          value={choices[field]}
                          onChange={(e) => setChoices((c) => ({ ...c, [field]: e.target.value as 'source' | 'target' }))}
                        >
                          <Radio value="source">{shown(source[field])}</Radio>
                          <Radio value="target">{shown(targetPerson?.[field])}</Radio>
                        </Radio.Group>
                      ),
                    },
                  ]}
                />
              )}
            </>
          ) : null}
        </Form>
        <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 12 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={busy} disabled={!ready}>
            {busy ? MSG.saving : 'Merge'}
          </Button>
        </Space>
      </form>
    </Modal>
  );
}
