import { lazy, Suspense, type ReactNode } from 'react';
import type { FormInstance } from 'antd';

export interface FormDialogProps<T> {
  open: boolean;
  title: ReactNode;
  /** Values the form starts from each time it opens. */
  initialValues?: Partial<T>;
  /** Resolves when saved (the dialog closes), rejects to stay open. */
  onSubmit: (values: T) => Promise<unknown>;
  onClose: () => void;
  okText?: string;
  /** Extra buttons left of Cancel (Delete). */
  extra?: ReactNode;
  width?: number;
  children: ReactNode | ((form: FormInstance<T>) => ReactNode);
  okDisabled?: boolean;
  /** Whether required fields carry antd's mark (default true). */
  requiredMark?: boolean;
}

// The dialog's code (and antd's Form, about 20 KB gzip) loads when a screen first draws a FormDialog,
// open or not, so the dashboard, which draws none, goes without it.
const Body = lazy(() => import('./FormDialogBody'));

/**
 * A dialog around one form, mounted afresh on each opening with its initial values: Enter submits (the Save button is the form's submit button), Esc and
 * Cancel close it, Save reads 'Saving...' while busy.
 */
export function FormDialog<T extends object>(props: FormDialogProps<T>) {
  return (
    <Suspense fallback={null}>
      <Body {...(props as unknown as FormDialogProps<object>)} />
    </Suspense>
  );
}
