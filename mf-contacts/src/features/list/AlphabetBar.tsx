import { memo } from 'react';
import { Button, Tooltip } from 'antd';
import { StarFilled, TagsOutlined } from '@ant-design/icons';
import { LETTERS } from '@agency/contracts';

export type BarTab = 'favorites' | 'tags' | (typeof LETTERS)[number];

/** Favorites, #, a to z and group by tags; letters without contacts are disabled. Renders again only when its props change. */
export const AlphabetBar = memo(function AlphabetBar({
  active,
  onSelect,
  enabled,
  groups = true,
}: {
  active: BarTab | null;
  onSelect: (tab: BarTab) => void;
  enabled: (letter: string) => boolean;
  /** Offer the favorites and group-by-tags tabs. */
  groups?: boolean;
}) {
  const tab = (key: BarTab, label: React.ReactNode, aria: string, disabled = false) => (
    <Button
      key={key}
      role="tab"
      aria-selected={active === key}
      aria-label={aria}
      size="small"
      type={active === key ? 'primary' : 'text'}
      disabled={disabled}
      onClick={() => onSelect(key)}
      style={{ minWidth: 28, paddingInline: 6 }}
    >
      {label}
    </Button>
  );
  return (
    <div role="tablist" aria-label="Jump to" style={{ display: 'flex', flexWrap: 'wrap', gap: 2, margin: '8px 0' }}>
      {groups ? <Tooltip title="Favorites">{tab('favorites', <StarFilled />, 'Favorites')}</Tooltip> : null}
      {LETTERS.map((l) => tab(l, l.toUpperCase(), l === '#' ? 'Numbers and symbols' : `Letter ${l.toUpperCase()}`, !enabled(l)))}
      {groups ? <Tooltip title="Group by tags">{tab('tags', <TagsOutlined />, 'Group by tags')}</Tooltip> : null}
    </div>
  );
});
