import { useEffect, useRef, useState } from 'react';
import { Select } from 'antd';
import { errorMessage } from '@agency/api-client';
import { searchClients, type ClientOption } from './clientSearch';

/** Picks a contact by typing part of the name; the search waits 1 s after the last key. */
export function ClientPicker({
  id,
  value,
  onChange,
  initial,
}: {
  id?: string;
  value?: string | null;
  onChange?: (v: string | null) => void;
  initial?: ClientOption | null;
}) {
  const [options, setOptions] = useState<ClientOption[]>(initial ? [initial] : []);
  const [loading, setLoading] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const search = (text: string) => {
    clearTimeout(timer.current);
    if (!text.trim()) return;
    timer.current = setTimeout(async () => {
      setLoading(true);
      try {
        const found = await searchClients(text.trim());
        setOptions(found);
        setNote(found.length ? null : 'No contacts found');
      } catch (err) {
        setNote(`Unable to search contacts: ${errorMessage(err)}`);
      } finally {
        setLoading(false);
      }
    }, 1_000);
  };
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={loading}
      placeholder="Type a contact's name"
      notFoundContent={note ?? 'Type to search contacts'}
      options={options.map((o) => ({ value: o.id, label: o.name }))}
    />
  );
}
