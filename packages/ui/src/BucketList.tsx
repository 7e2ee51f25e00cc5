import type { ReactNode } from 'react';
import { List, type RowComponentProps } from 'react-window';
import type { FollowUp } from '@agency/contracts';

const ROW = 60;

interface Props {
  items: FollowUp[];
  pastDue: boolean;
  render(f: FollowUp, pastDue: boolean): ReactNode;
}

function Row({ index, style, ariaAttributes, items, pastDue, render }: RowComponentProps<Props>) {
  return (
    <div style={{ ...style, boxSizing: 'border-box' }} {...ariaAttributes}>
      {render(items[index]!, pastDue)}
    </div>
  );
}

/** An open bucket's rows, each drawn as it scrolls into view (at most 300 px of them at once). */
export default function BucketList({ items, pastDue, render }: Props) {
  return (
    <List
      rowComponent={Row}
      rowCount={items.length}
      rowHeight={ROW}
      overscanCount={5}
      rowProps={{ items, pastDue, render }}
      style={{ height: Math.min(items.length * ROW, 300) }}
    />
  );
}
