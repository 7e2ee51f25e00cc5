import { memo, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { StarFilled, TagsOutlined } from '@ant-design/icons';
import { LETTERS } from '@agency/contracts';

export type BarTab = 'favorites' | 'tags' | (typeof LETTERS)[number];

interface TabProps {
  tab: BarTab;
  label: ReactNode;
  aria: string;
  selected: boolean;
  disabled: boolean;
  onSelect: (tab: BarTab) => void;
}

/** One tab of the bar; renders again only when it is chosen, left or enabled, not when another tab is. */
const BarButton = memo(function BarButton({ tab, label, aria, selected, disabled, onSelect, ...rest }: TabProps) {
  return (
    <Button
      {...rest}
      role="tab"
      aria-selected={selected}
      aria-label={aria}
      size="small"
      type={selected ? 'primary' : 'text'}
      disabled={disabled}
      onClick={() => onSelect(tab)}
      style={{ minWidth: 28, paddingInline: 6 }}
    >
      {label}
    </Button>
  );
});

const FAVORITES_ICON = <StarFilled />;
const TAGS_ICON = <TagsOutlined />;

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
  return (
    <div role="tablist" aria-label="Jump to" style={{ display: 'flex', flexWrap: 'wrap', gap: 2, margin: '8px 0' }}>
      {groups ? (
        <Tooltip title="Favorites">
          <BarButton tab="favorites" label={FAVORITES_ICON} aria="Favorites" selected={active === 'favorites'} disabled={false} onSelect={onSelect} />
        </Tooltip>
      ) : null}
      {LETTERS.map((l) => (
        <BarButton
          key={l}
          tab={l}
          label={l.toUpperCase()}
          aria={l === '#' ? 'Numbers and symbols' : `Letter ${l.toUpperCase()}`}
          selected={active === l}
          disabled={!enabled(l)}
          onSelect={onSelect}
        />
      ))}
      {groups ? (
        <Tooltip title="Group by tags">
          <BarButton tab="tags" label={TAGS_ICON} aria="Group by tags" selected={active === 'tags'} disabled={false} onSelect={onSelect} />
        </Tooltip>
      ) : null}
    </div>
  );
});
