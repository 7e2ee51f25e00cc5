import { useEffect, useState } from 'react';
import { bus } from '@agency/bus';

/** Out of sight, still read: the live region takes no room on the page. */
const HIDDEN: React.CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

/** How many recent sentences stay in the region (older ones leave; only additions are read). */
const KEPT = 5;

/**
 * The page's one polite live region: what the remotes announce through the bus ('New text from
 * Jane Doe', 'Incoming call from Jane Doe') is added as a line, and a screen reader reads each
 * line once, after what it is reading. A re-render adds nothing, so nothing is read again.
 */
export function LiveAnnouncer() {
  const [lines, setLines] = useState<Array<{ id: number; text: string }>>([]);
  useEffect(() => {
    let next = 0;
    const sub = bus.announce$.subscribe((text) => setLines((l) => [...l, { id: next++, text }].slice(-KEPT)));
    return () => sub.unsubscribe();
  }, []);
  return (
    <div role="log" aria-live="polite" aria-relevant="additions" aria-label="Announcements" style={HIDDEN}>
      {lines.map((l) => (
        <p key={l.id} style={{ margin: 0 }}>
          {l.text}
        </p>
      ))}
    </div>
  );
}
