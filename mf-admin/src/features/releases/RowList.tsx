import { Children, type ReactNode } from 'react';
import { theme } from 'antd';

/** A bordered list of rows, one under another, each separated by a rule: the releases of an area, the deploy keys. */
export function RowList({ label, children }: { label: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const rows = Children.toArray(children);
  return (
    <ul
      aria-label={label}
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        overflow: 'hidden',
      }}
    >
      {rows.map((row, i) => (
        <li
          key={i}
          style={{ padding: `${token.paddingSM}px ${token.padding}px`, borderBottom: i === rows.length - 1 ? undefined : `1px solid ${token.colorSplit}` }}
        >
          {row}
        </li>
      ))}
    </ul>
  );
}
