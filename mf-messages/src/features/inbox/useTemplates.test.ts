import type { ClientFull } from '@agency/contracts';
import { fillTemplate } from '@agency/contracts';
import { valuesForRoom } from './useTemplates';

const full = {
  client: {
    firstName: 'James',
    preferredFirstName: null,
    lastName: 'Carter',
    mobilePhone: '15125550142',
    phone: null,
    coFirstName: 'Linda',
    coPreferredFirstName: null,
    coLastName: 'Carter',
    coMobilePhone: '5125550143',
    coPhone: null,
  },
  addresses: [
    { type: 'Mailing', address: 'PO Box 9', address2: null, city: 'Austin', state: 'TX', zipcode: '78700' },
    { type: 'Physical', address: '12 Elm St', address2: null, city: 'Austin', state: 'TX', zipcode: '78701' },
  ],
} as unknown as ClientFull;

test("fills a template for the person the room texts, with the household's physical address", () => {
  const template = 'Hi {{firstName}}, we have {{fullAddress}} on file.';
  expect(fillTemplate(template, valuesForRoom(full, { phoneNumber: '15125550142' }))).toBe('Hi James, we have 12 Elm St, Austin, TX 78701 on file.');
  expect(fillTemplate(template, valuesForRoom(full, { phoneNumber: '15125550143' }))).toBe('Hi Linda, we have 12 Elm St, Austin, TX 78701 on file.');
  expect(fillTemplate(template, valuesForRoom(null, { phoneNumber: '15125550143' }))).toBe(template);
});
