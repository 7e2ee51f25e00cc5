import { useMemo, useState } from 'react';
import { Select } from 'antd';
import type { ClientLevel, ClientListItem } from '@agency/contracts';
import { clientsApi } from '@agency/api-client';
import { useDebounced, useLiveQuery } from '@agency/ui';
import { coDisplayName, displayName } from '../list/names';

export interface PickedClient {
  id: string;
  level: ClientLevel;
  label: string;
  item: ClientListItem;
}

/** The entries a contact offers: its primary, and its secondary when it has a co first name; unique by label. */
export function pickEntries(items: ClientListItem[], withSecondary: boolean): PickedClient[] {
  const out: PickedClient[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const entries: PickedClient[] = [{ id: item.id, level: 'primary', label: displayName(item), item }];
    if (withSecondary && item.coFirstName) entries.push({ id: item.id, level: 'secondary', label: coDisplayName(item), item });
    for (const e of entries) {
      if (seen.has(e.label)) continue;
      seen.add(e.label);
      out.push(e);
    }
  }
  return out;
}

/** Searches contacts as you type; `filter` narrows the results (single contacts for a merge). */
export function ClientPicker({
  id,
  value,
  onChange,
  exclude,
  withSecondary = false,
  filter,
  initialLabel,
}: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null, picked: PickedClient | null) => void;
  exclude?: string;
  withSecondary?: boolean;
  filter?: (item: ClientListItem) => boolean;
  initialLabel?: string;
}) {
  const [search, setSearch] = useState('');
  const asked = useDebounced(search.trim(), 150);
  const found = useLiveQuery(() => clientsApi.list({ search: asked || undefined, limit: 25 }), null, asked);
  const options = useMemo(
    () =>
      found.error
        ? []
        : pickEntries(
            (found.data?.items ?? []).filter((i) => i.id !== exclude && (!filter || filter(i))),
            withSecondary,
          ),
    [found.data, found.error, exclude, filter, withSecondary],
  );
  const key = (p: PickedClient) => `${p.id}:${p.level}`;
  const opts = options.map((p) => ({ value: key(p), label: p.label }));
  if (value && initialLabel && !opts.some((o) => o.value === value)) opts.unshift({ value, label: initialLabel });
  return (
    <Select
      id={id}
      showSearch
      allowClear
      filterOption={false}
      value={value ?? undefined}
      onSearch={setSearch}
      options={opts}
      placeholder="Search contacts"
      notFoundContent="No matching contacts"
      onChange={(v: string | undefined) => onChange?.(v ?? null, options.find((p) => key(p) === v) ?? null)}
    />
  );
}
