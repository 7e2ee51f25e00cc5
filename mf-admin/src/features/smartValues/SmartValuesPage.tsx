import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Empty, Form, Input, List, Select, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { VALUE_KEYS, VALUE_MESSAGES, type OptionValue, type ValueGroup } from '@agency/contracts';
import { valuesApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { notifyError, RetryAlert, withToasts } from '@agency/ui';
import { useIsAdmin } from '../common/useIsAdmin';

/** 'PolicyType' → 'Policy Type', 'entityType' → 'Entity Type'. */
export const keyLabel = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

function ValueRow({
  value,
  index,
  count,
  admin,
  busy,
  onMove,
  onRename,
  onDelete,
}: {
  value: OptionValue;
  index: number;
  count: number;
  admin: boolean;
  busy: boolean;
  onMove: (to: number) => void;
  onRename: (text: string) => Promise<void>;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const save = async () => {
    if (editing === null) return;
    const text = editing.trim();
    if (!text || text === value.value) {
      setEditing(null);
      return;
    }
    try {
      await onRename(text);
      setEditing(null);
    } catch {
      // reported; the field keeps what was typed
    }
  };
  return (
    <List.Item
      actions={
        admin
          ? editing !== null
            ? [
                <Button key="save" type="text" aria-label={`Save ${value.value}`} icon={<CheckOutlined />} onClick={() => void save()} loading={busy} />,
                <Button key="cancel" type="text" aria-label="Cancel rename" icon={<CloseOutlined />} onClick={() => setEditing(null)} />,
              ]
            : [
                <Button
                  key="up"
                  type="text"
                  aria-label={`Move ${value.value} up`}
                  icon={<ArrowUpOutlined />}
                  disabled={busy || index === 0}
                  onClick={() => onMove(index - 1)}
                />,
                <Button
                  key="down"
                  type="text"
                  aria-label={`Move ${value.value} down`}
                  icon={<ArrowDownOutlined />}
                  disabled={busy || index === count - 1}
                  onClick={() => onMove(index + 1)}
                />,
                <Button
                  key="edit"
                  type="text"
                  aria-label={`Rename ${value.value}`}
                  icon={<EditOutlined />}
                  disabled={busy}
                  onClick={() => setEditing(value.value)}
                />,
                <Button key="delete" type="text" danger aria-label={`Delete ${value.value}`} icon={<DeleteOutlined />} disabled={busy} onClick={onDelete} />,
              ]
          : []
      }
    >
      {editing !== null ? (
        <Input
          aria-label={`New name for ${value.value}`}
          value={editing}
          autoFocus
          maxLength={200}
          onChange={(e) => setEditing(e.target.value)}
          onPressEnter={() => void save()}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setEditing(null);
          }}
        />
      ) : (
        <Typography.Text>{value.value}</Typography.Text>
      )}
    </List.Item>
  );
}

/** Account settings, Smart Values: the option lists forms offer, by key; admins add, rename, reorder and delete options. */
export function SmartValuesPage() {
  const admin = useIsAdmin();
  const [groups, setGroups] = useState<ValueGroup[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [key, setKey] = useState<string>(VALUE_KEYS[0]);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState('');

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setGroups(await valuesApi.list());
    } catch {
      setFailed(true);
      setGroups((g) => g ?? []);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const keys = useMemo(
    () => [...new Set([...VALUE_KEYS, ...(groups ?? []).map((g) => g.key)])].sort((a, b) => keyLabel(a).localeCompare(keyLabel(b))),
    [groups],
  );
  const values = groups?.find((g) => g.key === key)?.values ?? [];

  const put = (group: ValueGroup) => setGroups((gs) => [...(gs ?? []).filter((g) => g.key !== group.key), group]);

  /** Sends the group in its new order and names (the server replaces it as a whole). */
  const replace = async (next: Array<{ id: string; value: string; newValue?: string }>) => {
    setBusy(true);
    try {
      put(await withToasts(valuesApi.replace(key, { values: next }), VALUE_MESSAGES.updated, VALUE_MESSAGES.failed));
    } finally {
      setBusy(false);
    }
  };
  const current = () => values.map((v) => ({ id: v.id, value: v.value }));

  const move = (from: number, to: number) => {
    const next = current();
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    void replace(next).catch(() => undefined);
  };
  const rename = (id: string, text: string) => replace(current().map((v) => (v.id === id ? { ...v, newValue: text } : v)));

  const add = async () => {
    const text = adding.trim();
    if (!text) return;
    if (values.some((v) => v.value.toLowerCase() === text.toLowerCase())) {
      notifyError(VALUE_MESSAGES.failed(`${text} is already an option`));
      return;
    }
    setBusy(true);
    try {
      const created = await withToasts(valuesApi.add(key, text), VALUE_MESSAGES.updated, VALUE_MESSAGES.failed);
      put({ key, values: [...values, created] });
      setAdding('');
    } catch {
      // reported
    } finally {
      setBusy(false);
    }
  };

  const remove = async (v: OptionValue) => {
    if (!(await bus.confirm(`Delete ${v.value}?`, `Forms will no longer offer ${v.value} for ${keyLabel(key)}.`))) return;
    setBusy(true);
    try {
      await withToasts(valuesApi.remove(v.id), VALUE_MESSAGES.deleted, VALUE_MESSAGES.failed);
      put({ key, values: values.filter((x) => x.id !== v.id) });
    } catch {
      // reported
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="smart-values-title">
      <Typography.Title level={4} id="smart-values-title" style={{ marginTop: 0 }}>
        Smart Values
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        The options forms offer for a field. A value typed in a form that is not on the list is added to it.
      </Typography.Paragraph>
      {failed ? <RetryAlert message={VALUE_MESSAGES.loadFailed} onRetry={() => void load()} /> : null}
      <Form layout="vertical" style={{ maxWidth: 640 }}>
        <Form.Item label="Value list" htmlFor="smart-value-key">
          <Select
            id="smart-value-key"
            showSearch={{ optionFilterProp: 'label' }}
            value={key}
            onChange={(k: string) => {
              setKey(k);
              setAdding('');
            }}
            options={keys.map((k) => ({ value: k, label: keyLabel(k) }))}
          />
        </Form.Item>
      </Form>
      <Card size="small" title={`${keyLabel(key)} options`} style={{ maxWidth: 640 }} loading={groups === null}>
        {admin ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void add();
            }}
            style={{ display: 'flex', gap: 8, marginBottom: 8 }}
          >
            <Input aria-label="New option" placeholder="New option" value={adding} maxLength={200} onChange={(e) => setAdding(e.target.value)} />
            <Button htmlType="submit" type="primary" icon={<PlusOutlined />} disabled={!adding.trim() || busy}>
              Add
            </Button>
          </form>
        ) : null}
        {values.length ? (
          <div role="region" aria-label={`${keyLabel(key)} options`}>
            <List
              dataSource={values}
              rowKey="id"
              renderItem={(v, i) => (
                <ValueRow
                  value={v}
                  index={i}
                  count={values.length}
                  admin={admin}
                  busy={busy}
                  onMove={(to) => move(i, to)}
                  onRename={(text) => rename(v.id, text)}
                  onDelete={() => void remove(v)}
                />
              )}
            />
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No options yet" />
        )}
      </Card>
    </section>
  );
}
