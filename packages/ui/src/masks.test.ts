import {
  digitsOnly,
  formatDollars,
  hideSsn,
  isoToUsDate,
  maskDate,
  maskHeight,
  maskPhone,
  maskSsn,
  parseDollars,
  parseUsDate,
  phoneForApi,
  usDateToIso,
} from './masks';

describe('masks', () => {
  it('masks phones as +# (###) ###-#### while typing', () => {
    expect(maskPhone('1')).toBe('+1');
    expect(maskPhone('1555')).toBe('+1 (555');
    expect(maskPhone('1555123')).toBe('+1 (555) 123');
    expect(maskPhone('15551234567')).toBe('+1 (555) 123-4567');
    expect(maskPhone('155512345678')).toBe('+1 (555) 123-4567');
    expect(maskPhone('')).toBe('');
  });
  it('reads a stored 10-digit phone as a US number', () => {
    expect(maskPhone('5551234567', true)).toBe('+1 (555) 123-4567');
    expect(phoneForApi('+1 (555) 123-4567')).toBe('15551234567');
    expect(phoneForApi('555-123-4567')).toBe('15551234567');
    expect(digitsOnly('+1-555')).toBe('1555');
  });
  it('masks SSNs as ###-##-#### and hides all but the last four', () => {
    expect(maskSsn('123')).toBe('123');
    expect(maskSsn('12345')).toBe('123-45');
    expect(maskSsn('1234567890')).toBe('123-45-6789');
    expect(hideSsn('123-45-6789')).toBe('***-**-6789');
    expect(hideSsn('')).toBe('');
  });
  it('masks and checks MM/dd/yyyy dates', () => {
    expect(maskDate('01')).toBe('01');
    expect(maskDate('0105')).toBe('01/05');
    expect(maskDate('010520261')).toBe('01/05/2026');
    expect(parseUsDate('02/30/2026')).toBeNull();
    expect(parseUsDate('13/01/2026')).toBeNull();
    expect(parseUsDate('02/28/2026')?.getDate()).toBe(28);
    expect(usDateToIso('02/28/2026')).toBe('2026-02-28');
    expect(usDateToIso('2/28/2026')).toBe('');
    expect(isoToUsDate('2026-02-28')).toBe('02/28/2026');
    expect(isoToUsDate('2026-02-28T10:00:00.000Z')).toBe('02/28/2026');
    expect(isoToUsDate(null)).toBe('');
  });
  it('masks heights as feet and inches', () => {
    expect(maskHeight('5')).toBe("5'");
    expect(maskHeight('51')).toBe('5\'1"');
    expect(maskHeight('511')).toBe('5\'11"');
    expect(maskHeight('519')).toBe('5\'1"');
  });
  it('shows money as whole dollars with $ and separators', () => {
    expect(formatDollars(12500)).toBe('$12,500');
    expect(formatDollars('1234567.6')).toBe('$1,234,568');
    expect(formatDollars(null)).toBe('');
    expect(parseDollars('$12,500')).toBe(12500);
    expect(parseDollars('')).toBeNull();
  });
});
