/** The detail's record tabs and the account setting that decides them (gatheringForms). */
export const RECORD_TABS = [
  { key: 'address', label: 'Address' },
  { key: 'auto', label: 'Auto' },
  { key: 'home', label: 'Home' },
  { key: 'commercial', label: 'Commercial' },
  { key: 'health', label: 'Health' },
  { key: 'life', label: 'Life' },
  { key: 'policy', label: 'Policy' },
  { key: 'payment', label: 'Payment' },
  { key: 'extra', label: 'Extra' },
] as const;
export type RecordTabKey = (typeof RECORD_TABS)[number]['key'];

/** The setting's values, sent joined by commas; 'all' means every form. Payment follows paymentMethods. */
export function gatheringForms(setting: string | null | undefined): Set<string> {
  const values = new Set(
    (setting ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  if (values.has('payment')) values.add('paymentMethods');
  return values;
}

/** Each tab but Extra shows only when the setting includes it or all. */
export function visibleRecordTabs(setting: string | null | undefined) {
  const forms = gatheringForms(setting);
  const all = forms.has('all');
  return RECORD_TABS.filter((t) => t.key === 'extra' || all || forms.has(t.key === 'payment' ? 'paymentMethods' : t.key));
}

/** The edit form's tabs: General always, Auto, Health and Life per the setting. */
export function visibleEditTabs(setting: string | null | undefined) {
  const forms = gatheringForms(setting);
  const all = forms.has('all');
  return (['general', 'auto', 'health', 'life'] as const).filter((t) => t === 'general' || all || forms.has(t));
}
