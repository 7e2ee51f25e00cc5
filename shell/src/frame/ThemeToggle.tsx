import { lazy, Suspense, useRef } from 'react';
import { Button, Tooltip } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { bus } from '@agency/bus';
import { useObservable } from '@agency/ui';
import { useLazyDialogs } from './useLazyDialogs';

// Loaded when first asked for: its colour picker is not part of the antd the dashboard loads.
const ColorPickerDialog = lazy(() => import('./ColorPickerDialog').then((m) => ({ default: m.ColorPickerDialog })));

export const LONG_PRESS_MS = 500;
export const DARK_KEY = 'agency.dark';

export function setDarkMode(dark: boolean): void {
  localStorage.setItem(DARK_KEY, dark ? '1' : '0');
  document.body.classList.toggle('dark', dark);
  bus.setTheme({ dark });
}

/** Click: dark mode on or off. Press and hold for half a second: the theme colour picker. */
export function ThemeToggle() {
  const theme = useObservable(bus.theme$);
  const picker = useLazyDialogs<'picker'>();
  const openPicker = () => picker.show('picker');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const longPressed = useRef(false);

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const start = () => {
    cancel();
    longPressed.current = false;
    timer.current = setTimeout(() => {
      longPressed.current = true;
      timer.current = null;
      openPicker();
    }, LONG_PRESS_MS);
  };

  return (
    <>
      <Tooltip title="Dark mode (hold for the theme colour)">
        <Button
          type="text"
          size="small"
          icon={theme.dark ? <SunOutlined /> : <MoonOutlined />}
          aria-label="Dark mode"
          aria-pressed={theme.dark}
          aria-keyshortcuts="Shift+Enter"
          onPointerDown={(e) => !(e.button > 0) && start()}
          onPointerUp={cancel}
          onPointerLeave={cancel}
          onContextMenu={(e) => {
            e.preventDefault();
            cancel();
            openPicker();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && e.shiftKey) {
              e.preventDefault();
              openPicker();
            }
          }}
          onClick={() => {
            if (longPressed.current) {
              longPressed.current = false;
              return;
            }
            setDarkMode(!theme.dark);
          }}
        />
      </Tooltip>
      {picker.opened.picker && (
        <Suspense fallback={null}>
          <ColorPickerDialog open={picker.open === 'picker'} onClose={picker.close} />
        </Suspense>
      )}
    </>
  );
}
