import type { OutgoingLocation } from '@agency/contracts';
import { planCall } from './PhoneDrawer';

jest.mock('@agency/api-client', () => jest.requireActual('../../testing/apiClientMock'));

const AUSTIN = { id: 'loc-austin', name: 'Austin' };
const lookup = (answer: OutgoingLocation | Error) => jest.fn(async () => (answer instanceof Error ? Promise.reject(answer) : answer));

describe('what a call is placed with', () => {
  it("a call from a contact's card keeps that contact, with one location asking nothing", async () => {
    const ask = lookup({ location: null, client: null });
    expect(await planCall('15125550142', { name: 'James Carter', clientId: 'c-james' }, 1, ask)).toEqual({
      details: { name: 'James Carter', clientId: 'c-james' },
      pick: false,
    });
    expect(ask).not.toHaveBeenCalled();
  });

  it("a number dialled on the keypad is its contact's call, named after them", async () => {
    const plan = await planCall('15125550142', {}, 1, lookup({ location: null, client: { id: 'c-james', name: 'James Carter' } }));
    expect(plan).toEqual({ details: { clientId: 'c-james', name: 'James Carter' }, pick: false });
  });

  it("with several locations, goes from the contact's location, or asks which when they have none", async () => {
    expect(
      await planCall('15125550142', { clientId: 'c-ruth', name: 'Ruth' }, 2, lookup({ location: AUSTIN, client: { id: 'c-james', name: 'James' } })),
    ).toEqual({
      details: { clientId: 'c-ruth', name: 'Ruth', locationId: AUSTIN.id, location: AUSTIN.name },
      pick: false,
    });
    expect(await planCall('15125550999', {}, 2, lookup({ location: null, client: null }))).toEqual({ details: { name: undefined }, pick: true });
  });

  it('a colleague, or a lookup that fails, still calls', async () => {
    const ask = lookup(new Error('down'));
    expect(await planCall('client:u-olivia', { name: 'Olivia Owens' }, 2, ask)).toEqual({ details: { name: 'Olivia Owens' }, pick: false });
    expect(await planCall('15125550142', { name: 'x' }, 1, ask)).toEqual({ details: { name: 'x' }, pick: false });
  });
});
