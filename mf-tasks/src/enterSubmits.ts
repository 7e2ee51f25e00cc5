import type { KeyboardEvent } from 'react';

/**
 * Enter in a dialog's text field submits it (a text area keeps Enter for new lines, and a select
 * keeps it for picking).
 */
export function enterSubmits(submit: () => void) {
  return (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    if (target.tagName !== 'INPUT' || target.closest('.ant-select')) return;
    e.preventDefault();
    submit();
  };
}
