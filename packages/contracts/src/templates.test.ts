import { fillTemplate, placeholderValues } from './templates';

test('fills a template from a person and their address, leaving unknown names as written', () => {
  const values = placeholderValues({
    firstName: 'James',
    preferredFirstName: 'Jim',
    lastName: 'Carter',
    mobilePhone: '15125550142',
    address: { address: '12 Elm St', address2: 'Apt 3', city: 'Austin', state: 'TX', zipcode: '78701' },
  });
  expect(fillTemplate('Hi {{firstName}} {{ lastName }}, we mail to {{fullAddress}}. {{unknown}}', values)).toBe(
    'Hi Jim Carter, we mail to 12 Elm St Apt 3, Austin, TX 78701. {{unknown}}',
  );
  expect(values.contact).toBe('Jim Carter');
});
