import { numberStatusLabel, usecaseLabel } from './labels';

describe("a number's and a campaign's carrier values in words", () => {
  it('names the known ones', () => {
    expect(usecaseLabel('discussion')).toBe('Discussion');
    expect(usecaseLabel('marketing')).toBe('Marketing');
    expect(numberStatusLabel('in-use')).toBe('In use');
    expect(numberStatusLabel('porting-in')).toBe('Port pending');
  });
  it('splits and capitalises any other, never showing the raw value', () => {
    expect(numberStatusLabel('pending-release')).toBe('Pending release');
    expect(numberStatusLabel('awaitingCarrier')).toBe('Awaiting carrier');
    expect(usecaseLabel('CUSTOMER_CARE')).toBe('Customer care');
  });
});
