import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWith } from '../../test/render';
import { maskDate } from '@agency/ui';
import { CentsInput, DateInput, HeightInput, MoneyInput, PhoneInput, SealedInput, SsnInput } from './inputs';

function Controlled<T>({
  Input,
  initial,
  label,
}: {
  Input: (p: { value?: T; onChange?: (v: T) => void; id?: string }) => React.ReactNode;
  initial: T;
  label: string;
}) {
  const [value, setValue] = useState<T>(initial);
  return (
    <>
      <label htmlFor="f">{label}</label>
      <Input id="f" value={value} onChange={setValue} />
      <output data-testid="held">{JSON.stringify(value)}</output>
    </>
  );
}
const held = () => JSON.parse(screen.getByTestId('held').textContent ?? 'null') as unknown;

describe('masked inputs', () => {
  it('masks phones as +# (###) ###-#### while typing', async () => {
    const user = userEvent.setup();
    renderWith(<Controlled Input={PhoneInput} initial="" label="Mobile" />);
    await user.type(screen.getByLabelText('Mobile'), '15125550142');
    expect(screen.getByLabelText('Mobile')).toHaveValue('+1 (512) 555-0142');
  });

  it('shows a stored 10- or 11-digit phone in the mask', () => {
    renderWith(<Controlled Input={PhoneInput} initial="15125550142" label="Mobile" />);
    expect(screen.getByLabelText('Mobile')).toHaveValue('+1 (512) 555-0142');
  });

  it('masks SSNs as ###-##-#### and keeps a stored masked one until retyped', async () => {
    const user = userEvent.setup();
    renderWith(<Controlled Input={SsnInput} initial="***-**-6789" label="SSN" />);
    const input = screen.getByLabelText('SSN');
    expect(input).toHaveValue('***-**-6789');
    await user.type(input, '1');
    expect(input).toHaveValue('1');
    await user.type(input, '23456789');
    expect(input).toHaveValue('123-45-6789');
    expect(held()).toBe('123-45-6789');
  });

  it('masks dates as MM/dd/yyyy and heights as feet and inches', async () => {
    const user = userEvent.setup();
    renderWith(
      <>
        <Controlled Input={DateInput} initial="" label="Date of Birth" />
      </>,
    );
    await user.type(screen.getByLabelText('Date of Birth'), '03151980');
    expect(screen.getByLabelText('Date of Birth')).toHaveValue('03/15/1980');
  });

  it('masks heights as 5\'11"', async () => {
    const user = userEvent.setup();
    renderWith(<Controlled Input={HeightInput} initial="" label="Height" />);
    await user.type(screen.getByLabelText('Height'), '511');
    expect(screen.getByLabelText('Height')).toHaveValue(`5'11"`);
  });

  it('shows money in whole dollars with separators and holds cents', async () => {
    const user = userEvent.setup();
    renderWith(<Controlled<number | null> Input={MoneyInput} initial={null} label="Income" />);
    await user.type(screen.getByLabelText('Income'), '85000');
    expect(screen.getByLabelText('Income')).toHaveValue('85,000');
    expect(held()).toBe(8_500_000);
  });

  it('takes a premium typed in dollars (1250 is $1,250.00, 12.5 is $12.50) and holds cents', async () => {
    const user = userEvent.setup();
    renderWith(<Controlled<number | null> Input={CentsInput} initial={null} label="Premium" />);
    const premium = screen.getByLabelText('Premium');
    await user.type(premium, '1250');
    expect(held()).toBe(125_000);
    await user.tab();
    expect(premium).toHaveValue('1,250.00');
    await user.clear(premium);
    await user.type(premium, '12.5');
    expect(premium).toHaveValue('12.5');
    expect(held()).toBe(1250);
    await user.tab();
    expect(premium).toHaveValue('12.50');
  });

  it('keeps a sealed number masked until retyped or revealed; the eye button fills in the full value', async () => {
    const user = userEvent.setup();
    const reveal = jest.fn().mockResolvedValue('D55501234');
    const Licence = (p: { value?: string; onChange?: (v: string) => void; id?: string }) => <SealedInput {...p} label="Driver's License" reveal={reveal} />;
    renderWith(<Controlled Input={Licence} initial="****1234" label="Licence" />);
    const input = screen.getByLabelText('Licence');
    expect(input).toHaveValue('****1234');
    await user.click(screen.getByRole('button', { name: "Reveal Driver's License" }));
    expect(reveal).toHaveBeenCalledTimes(1);
    expect(input).toHaveValue('D55501234');
    expect(held()).toBe('D55501234');
    expect(screen.queryByRole('button', { name: "Reveal Driver's License" })).toBeNull();
  });

  it('starts a new sealed number when typed over the mask, and offers no reveal without a stored value', async () => {
    const user = userEvent.setup();
    const Licence = (p: { value?: string; onChange?: (v: string) => void; id?: string }) => <SealedInput {...p} label="Driver's License" />;
    renderWith(<Controlled Input={Licence} initial="****1234" label="Licence" />);
    const input = screen.getByLabelText('Licence');
    await user.type(input, 'X');
    expect(input).toHaveValue('X');
    expect(screen.queryByRole('button', { name: /Reveal/ })).toBeNull();
  });

  it('keeps a sealed date of birth masked to its year until revealed, and shapes a new one as MM/dd/yyyy', async () => {
    const user = userEvent.setup();
    const reveal = jest.fn().mockResolvedValue('04/12/1958');
    const Born = (p: { value?: string; onChange?: (v: string) => void; id?: string }) => (
      <SealedInput {...p} label="Date of Birth" format={maskDate} reveal={reveal} />
    );
    renderWith(<Controlled Input={Born} initial="**/**/1958" label="Born" />);
    const input = screen.getByLabelText('Born');
    expect(input).toHaveValue('**/**/1958');
    await user.click(screen.getByRole('button', { name: 'Reveal Date of Birth' }));
    expect(input).toHaveValue('04/12/1958');
    await user.clear(input);
    await user.type(input, '07041976');
    expect(held()).toBe('07/04/1976');
  });
});
