import { cloneElement, useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import type { DropdownProps } from 'antd';

type DropdownComponent = typeof import('antd/es/dropdown').default;

let loaded: DropdownComponent | undefined;
/** antd's Dropdown by its own path: the shared antd core leaves it and its menu out, since no first screen opens one. */
const loadDropdown = () => import('antd/es/dropdown').then((m) => (loaded = m.default));

type TriggerProps = { onClick?: () => void; ref?: Ref<HTMLElement> };

/**
 * A menu opened by a click on `children`, as antd's Dropdown draws it, loaded with that first click
 * (or at once if it is already in). The trigger keeps the focus it had when it was pressed.
 */
export function MenuOnDemand({
  children,
  ...props
}: Omit<DropdownProps, 'trigger' | 'open' | 'onOpenChange' | 'children'> & { children: ReactElement<TriggerProps> }) {
  const [Dropdown, setDropdown] = useState<DropdownComponent | undefined>(() => loaded);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (Dropdown && refocus.current) trigger.current?.focus();
    refocus.current = false;
  }, [Dropdown]);
  if (!Dropdown)
    return cloneElement(children, {
      ref: trigger,
      onClick: () => {
        refocus.current = document.activeElement === trigger.current;
        void loadDropdown().then((d) => {
          setDropdown(() => d);
          setOpen(true);
        });
      },
    });
  return (
    <Dropdown {...props} trigger={['click']} open={open} onOpenChange={setOpen}>
      {cloneElement(children, { ref: trigger })}
    </Dropdown>
  );
}
