import { Input, type InputProps } from 'antd';
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
/** ###-##-####. */
export const SsnInput = masked(maskSsn, { inputMode: 'numeric', autoComplete: 'off', placeholder: '###-##-####' });
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
