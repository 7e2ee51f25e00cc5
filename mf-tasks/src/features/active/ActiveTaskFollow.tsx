import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { ActiveTaskBar } from './ActiveTaskBar';
import { useActiveTask } from './useActiveTask';

/**
 * The active task follows the person across the app: the same bar as on the task board screens
 * (Open, Done, Set Aside), kept in the corner of every other signed-in page until it is done or set
 * aside. The Tasks pages show it in the page instead. Drawn into the document's body: the background
 * module it belongs to is mounted out of sight.
 */
export function ActiveTaskFollow() {
  const card = useActiveTask();
  const { pathname } = useLocation();
  if (!card || pathname === '/tasks' || pathname.startsWith('/tasks/')) return null;
  return createPortal(
    <div role="region" aria-label="Active task" style={{ position: 'fixed', left: 16, bottom: 56, zIndex: 1000, width: 420, maxWidth: 'calc(100vw - 32px)' }}>
      <ActiveTaskBar card={card} floating />
    </div>,
    document.body,
  );
}
