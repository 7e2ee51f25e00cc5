import { useLayoutEffect, useRef } from 'react';
import { Input, type InputProps, type InputRef } from 'antd';
import { caretAfterDigits, editDialer, formatDialer } from '../device/dialer';

export interface NumberInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  /** The digits held (at most 11, beginning with 1). */
  value: string;
  onChange(digits: string): void;
}

/**
 * A phone number typed on the keyboard: shown as +#-###-###-#### as it is typed, the caret kept
 * where the person is typing, Backspace and Delete taking one digit.
 */
export function NumberInput({ value, onChange, ...props }: NumberInputProps) {
  const input = useRef<InputRef>(null);
  // Where the caret goes once the box shows the formatted number: after this many digits.
  const caret = useRef<number | null>(null);
  const shown = formatDialer(value);
  useLayoutEffect(() => {
    const el = input.current?.input;
    if (caret.current === null || !el || document.activeElement !== el) return;
    const at = caretAfterDigits(shown, caret.current);
    caret.current = null;
    el.setSelectionRange(at, at);
  });
  return (
    <Input
      {...props}
      ref={input}
      inputMode="tel"
      value={shown}
      onChange={(e) => {
        const { value: raw, selectionStart } = e.target;
        const edit = editDialer(value, raw, selectionStart ?? raw.length, (e.nativeEvent as InputEvent).inputType);
        caret.current = edit.caretDigits;
        onChange(edit.digits);
      }}
    />
  );
}
