import { AutoComplete, type AutoCompleteProps } from 'antd';
import type { OptionValue } from '@agency/contracts';
import { valuesApi } from '@agency/api-client';
import { useLiveQuery } from '@agency/ui';

const cache = new Map<string, Promise<OptionValue[]>>();

/** The smart option values of a key (PolicyType, AutoMake, ...), fetched once per page view. */
export function loadValues(key: string): Promise<OptionValue[]> {
  if (!cache.has(key)) {
    const p = valuesApi
      .list(key)
      .then((groups) => groups.find((g) => g.key === key)?.values ?? [])
      .catch(() => {
        cache.delete(key);
        return [] as OptionValue[];
      });
    cache.set(key, p);
  }
  return cache.get(key)!;
}

/** Adds a value the person typed to its key's options (the server answers an existing one as is). */
export async function rememberValue(key: string, value: string): Promise<void> {
  const v = value.trim();
  if (!v) return;
  const known = await loadValues(key);
  if (known.some((o) => o.value.toLowerCase() === v.toLowerCase())) return;
  const created = await valuesApi.add(key, v);
  cache.set(key, Promise.resolve([...known, created]));
}

type Props = Omit<AutoCompleteProps, 'options' | 'value' | 'onChange'> & { valueKey: string; value?: string | null; onChange?: (v: string) => void };

/** A text field offering the account's smart values for `valueKey`; a new value becomes an option. */
export function SmartSelect({ valueKey, value, onChange, ...rest }: Props) {
  const known = useLiveQuery(() => loadValues(valueKey), null, valueKey);
  const options = known.data ?? [];
  const text = value ?? '';
  return (
    <AutoComplete
      {...rest}
      value={text}
      onChange={(v: string) => onChange?.(v)}
      options={options.filter((o) => !text || o.value.toLowerCase().includes(text.toLowerCase())).map((o) => ({ value: o.value }))}
      onBlur={() => {
        if (text.trim()) void rememberValue(valueKey, text).then(known.reload, () => undefined);
      }}
    />
  );
}
