import { useState } from 'react';
import { Button, Input, Tooltip, type InputProps } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { formatDollars, maskDate, maskHeight, maskPhone, maskSsn, parseDollars } from '@agency/ui';

type TextProps = Omit<InputProps, 'value' | 'onChange'> & { value?: string | null; onChange?: (value: string) => void };

function masked(mask: (v: string) => string, defaults: Partial<InputProps>) {
  return function MaskedInput({ value, onChange, ...rest }: TextProps) {
    return <Input {...defaults} {...rest} value={mask(value ?? '')} onChange={(e) => onChange?.(mask(e.target.value))} />;
  };
}

/** +# (###) ###-####; holds the masked text. */
export const PhoneInput = masked((v) => maskPhone(v, !v.startsWith('+') && v.replace(/\D/g, '').length === 10), {
  inputMode: 'tel',
  autoComplete: 'off',
  placeholder: '+1 (555) 555-5555',
});
/**
 * ###-##-####. A stored SSN arrives masked (***-**-1234) and stays so unless retyped: typing over it
 * starts a new number, and the masked value sent back means unchanged.
 */
export function SsnInput({ value, onChange, ...rest }: TextProps) {
  const current = value ?? '';
  const hidden = current.includes('*');
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      placeholder="###-##-####"
      {...rest}
      value={hidden ? current : maskSsn(current)}
      onChange={(e) => {
        const next = e.target.value;
        if (hidden && next.includes('*')) onChange?.(next.startsWith(current) ? maskSsn(next.slice(current.length)) : '');
        else onChange?.(maskSsn(next));
      }}
    />
  );
}
/** MM/dd/yyyy. */
export const DateInput = masked(maskDate, { inputMode: 'numeric', autoComplete: 'off', placeholder: 'MM/dd/yyyy' });
/** Feet and inches: 5'11". */
export const HeightInput = masked(maskHeight, { inputMode: 'numeric', autoComplete: 'off', placeholder: `5'11"` });

type MoneyProps = Omit<InputProps, 'value' | 'onChange'> & { value?: number | null; onChange?: (value: number | null) => void };
/** Money kept in cents, typed and shown in whole dollars with a $ prefix and thousands separators. */
export function MoneyInput({ value, onChange, ...rest }: MoneyProps) {
  const shown = value === null || value === undefined ? '' : formatDollars(Math.round(value / 100)).slice(1);
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      prefix="$"
      {...rest}
      value={shown}
      onChange={(e) => {
        const dollars = parseDollars(e.target.value);
        onChange?.(dollars === null ? null : dollars * 100);
      }}
    />
  );
}

type CentsProps = Omit<InputProps, 'value' | 'onChange'> & { value?: number | null; onChange?: (value: number | null) => void };
/**
 * A currency input with cents (premiums), typed as dollars: 1250 is $1,250.00 and 12.5 is $12.50;
 * shown with separators and two decimals once left; holds cents.
 */
export function CentsInput({ value, onChange, onBlur, ...rest }: CentsProps) {
  // What is being typed, kept as typed (a trailing dot or zero) until the field is left.
  const [typing, setTyping] = useState<string | null>(null);
  const shown = value === null || value === undefined ? '' : (value / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      prefix="$"
      {...rest}
      value={typing ?? shown}
      onBlur={(e) => {
        setTyping(null);
        onBlur?.(e);
      }}
      onChange={(e) => {
        const [whole = '', ...fraction] = e.target.value.replace(/[^\d.]/g, '').split('.');
        const typed = fraction.length ? `${whole}.${fraction.join('').slice(0, 2)}` : whole;
        setTyping(typed);
        onChange?.(/\d/.test(typed) ? Math.round(Number(typed) * 100) : null);
      }}
    />
  );
}

type SealedProps = TextProps & {
  /** What the field is called, for the reveal button's name ("Reveal Driver's License"). */
  label: string;
  /** Shapes what is typed (a date's slashes); a masked value is left as it is. */
  format?: (typed: string) => string;
  /** Fetches the full value (recorded by the server); absent where nothing is stored yet. */
  reveal?: () => Promise<string | null>;
};
/**
 * An identity number sealed at rest (licence, member, MBI, Medicaid, card). A stored one arrives
 * masked (****1234) and stays so unless retyped or revealed: typing over it starts a new number,
 * the eye button shows the full value (one field at a time, recorded), and a masked value sent back
 * means unchanged.
 */
export function SealedInput({ value, onChange, label, reveal, format = (v) => v, ...rest }: SealedProps) {
  const current = value ?? '';
  const hidden = current.includes('*');
  const [busy, setBusy] = useState(false);
  const show = async () => {
    if (!reveal) return;
    setBusy(true);
    try {
      const full = await reveal();
      if (full !== null) onChange?.(full);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Input
      autoComplete="off"
      {...rest}
      value={current}
      onChange={(e) => {
        const next = e.target.value;
        if (hidden && next.includes('*')) onChange?.(next.startsWith(current) ? format(next.slice(current.length)) : '');
        else onChange?.(format(next));
      }}
      suffix={
        hidden && reveal ? (
          <Tooltip title="Reveal">
            <Button size="small" type="text" shape="circle" icon={<EyeOutlined />} loading={busy} aria-label={`Reveal ${label}`} onClick={() => void show()} />
          </Tooltip>
        ) : (
          <span />
        )
      }
    />
  );
}
