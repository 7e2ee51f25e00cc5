import { capBadge, clientDisplayName, formatCents, formatDate, formatDuration, formatPhone, isHexColor } from './format';

describe('formatters', () => {
  it('shows phone numbers as +#-###-###-####', () => {
    expect(formatPhone('5551234567')).toBe('+1-555-123-4567');
    expect(formatPhone('+1 (555) 123-4567')).toBe('+1-555-123-4567');
    expect(formatPhone('123')).toBe('123');
  });
  it('shows cents as dollars with two decimals', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(null)).toBe('-');
  });
  it('shows dates as MM/dd/yyyy', () => {
    expect(formatDate(new Date(2026, 0, 5))).toBe('01/05/2026');
    expect(formatDate('not a date')).toBe('');
  });
  it('caps badges at 99', () => {
    expect(capBadge(99)).toBe(99);
    expect(capBadge(100)).toBe('99+');
  });
  it('accepts 3 or 6 hex digits only', () => {
    expect(isHexColor('#19d0de')).toBe(true);
    expect(isHexColor('fff')).toBe(true);
    expect(isHexColor('#ffff')).toBe(false);
    expect(isHexColor('#zzzzzz')).toBe(false);
  });
});

describe('clientDisplayName', () => {
  it('prefers the preferred first name, then the company, then the fallback', () => {
    expect(clientDisplayName({ firstName: 'Robert', preferredFirstName: 'Bob', lastName: 'Lee' })).toBe('Bob Lee');
    expect(clientDisplayName({ firstName: 'Robert', preferredFirstName: null, lastName: 'Lee' })).toBe('Robert Lee');
    expect(clientDisplayName({ lastName: 'Lee', companyName: 'Lee LLC' })).toBe('Lee');
    expect(clientDisplayName({ companyName: 'Lee LLC' })).toBe('Lee LLC');
    expect(clientDisplayName({}, 'Unnamed contact')).toBe('Unnamed contact');
    expect(clientDisplayName({})).toBe('');
  });
});

test('durations read as hours and minutes, minutes and seconds, or seconds', () => {
  expect(formatDuration(3900)).toBe('1h 05m');
  expect(formatDuration(249)).toBe('4m 09s');
  expect(formatDuration(35)).toBe('35s');
  expect(formatDuration(-3)).toBe('0s');
});
