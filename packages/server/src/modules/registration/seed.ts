import type { Queryable } from '../../db/index';

const DEMO = '00000000-0000-4000-8000-000000000001';

/**
 * The demo agency's Austin office is registered for texting (profile and brand approved, with a
 * verified campaign its two numbers send under); Round Rock has not started.
 */
export async function seedDemoRegistration(q: Queryable, austin: string): Promise<void> {
  await q.query(
    `insert into location_registrations (location_id, account_id, address, business, rep1, brand, trust_bundle_status, submitted_at)
     values ($1, $2, $3, $4, $5, $6, 'twilio-approved', now() - interval '60 days')`,
    [
      austin,
      DEMO,
      JSON.stringify({
        legalName: 'Demo Insurance Agency LLC',
        address: '500 Congress Ave',
        address2: 'Suite 200',
        city: 'Austin',
        state: 'TX',
        zipcode: '78701',
        emergencyEnabled: true,
      }),
      JSON.stringify({
        businessName: 'Demo Insurance Agency',
        identity: 'direct_customer',
        businessType: 'Limited Liability Corporation',
        industry: 'INSURANCE',
        idType: 'EIN',
        idTypeOther: '',
        registrationNumber: '74-1234567',
        operations: 'USA_AND_CANADA',
        websiteUrl: 'https://demoinsurance.example',
        socialMediaUrl: '',
      }),
      JSON.stringify({
        firstName: 'Olivia',
        lastName: 'Owens',
        email: 'owner@demo.test',
        businessTitle: 'Principal Agent',
        jobPosition: 'CEO',
        phoneNumber: '+15125550100',
      }),
      JSON.stringify({ brandType: 'private', stockExchange: null, stockTicker: null }),
    ],
  );
  await q.query(
    `update account_locations set profile_status = 'approved', brand_status = 'approved', address_sid = 'AD00000000000000000000000000000001',
       business_sid = 'IT00000000000000000000000000000001', rep1_sid = 'IT00000000000000000000000000000002', rep2_sid = 'n/a',
       brand_sid = 'BN00000000000000000000000000000001', trust_bundle_sid = 'BU00000000000000000000000000000001'
     where id = $1`,
    [austin],
  );
  const sid = 'MG00000000000000000000000000000001';
  await q.query(
    `insert into messaging_services (sid, account_id, location_id, friendly_name, usecase, description, message_samples, has_embedded_links, message_flow, campaign_status, campaign_id)
     values ($1, $2, $3, 'Austin Client Care', 'discussion', $4, $5, true, $6, 'VERIFIED', 'CM00000000000000000000000000000001')`,
    [
      sid,
      DEMO,
      austin,
      'Conversations with our insurance clients about their policies, renewals, claims and appointments, started by the client or their agent.',
      JSON.stringify([
        'Hi Maria, this is Olivia from Demo Insurance Agency. Your auto policy renews on 12/01; reply here with any questions.',
        'Your appointment with Demo Insurance Agency is confirmed for Tuesday at 2 PM. Reply STOP to opt out.',
        'We received your claim documents and will call you tomorrow morning with an update.',
        'Thanks for choosing Demo Insurance Agency! Here is your proof of insurance: https://demoinsurance.example/id',
        'Happy birthday from all of us at Demo Insurance Agency! Reply STOP to opt out of birthday texts.',
      ]),
      'Clients give their mobile number and agree to texts on our intake form, in person at the office, or by texting us first.',
    ],
  );
  await q.query(`update account_phones set messaging_service_sid = $2 where account_id = $1 and location_id = $3`, [DEMO, sid, austin]);
}
