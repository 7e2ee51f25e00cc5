import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ProfileFiling } from '../registration';
import { A2P_PROFILE_POLICY, createTwilioRegistration, SECONDARY_PROFILE_POLICY } from './registration';
import { fakeTwilio, TEST_ACCOUNT_SID } from './testTwilio';

const HUB = 'https://trusthub.twilio.com/v1';
const PRIMARY = 'BU00000000000000000000000000000099';
const filing: ProfileFiling = {
  friendlyName: 'Round Rock',
  email: 'hello@demoinsurance.example',
  address: {
    legalName: 'Demo Insurance Agency LLC',
    address: '500 Congress Ave',
    address2: 'Suite 200',
    city: 'Austin',
    state: 'TX',
    zipcode: '78701',
    emergencyEnabled: false,
  },
  business: {
    businessName: 'Demo Insurance Agency',
    identity: 'direct_customer',
    businessType: 'Limited Liability Corporation',
    industry: 'INSURANCE',
    idType: 'EIN',
    idTypeOther: '',
    registrationNumber: '12-3456789',
    operations: 'USA_AND_CANADA',
    websiteUrl: 'https://demoinsurance.example',
    socialMediaUrl: '',
  },
  rep1: {
    firstName: 'Olivia',
    lastName: 'Owens',
    email: 'olivia@demoinsurance.example',
    businessTitle: 'Owner',
    jobPosition: 'CEO',
    phoneNumber: '+15125550100',
  },
  rep2: null,
};

/** Trust Hub as it answers a filing: new sids for what is created, `evaluation` for the evaluations. */
function trustHub(evaluation: { status: string; results: unknown[] }, extra: (method: string, uri: string) => unknown = () => undefined) {
  let n = 0;
  const next = (prefix: string) => `${prefix}${String(++n).padStart(32, '0')}`;
  return fakeTwilio((method, uri) => {
    const answer = extra(method, uri);
    if (answer !== undefined) return answer;
    if (uri.endsWith('/Evaluations')) return { sid: next('EL'), status: evaluation.status, results: evaluation.results };
    if (uri.endsWith('/EntityAssignments')) return { sid: next('BV') };
    if (uri === `${HUB}/CustomerProfiles` || uri === `${HUB}/TrustProducts`) return { sid: next('BU'), status: 'draft' };
    if (/\/(CustomerProfiles|TrustProducts)\/BU\d+$/.test(uri)) return { sid: uri.split('/').pop(), status: 'pending-review' };
    if (uri === `${HUB}/EndUsers`) return { sid: next('IT') };
    if (uri === `${HUB}/SupportingDocuments`) return { sid: next('RD') };
    if (uri.endsWith('/Addresses.json')) return { sid: next('AD') };
    if (uri === 'https://messaging.twilio.com/v1/a2p/BrandRegistrations') return { sid: next('BN'), status: 'PENDING' };
    throw new Error(`unexpected ${method} ${uri}`);
  });
}
const attributes = (data: Record<string, unknown>) => JSON.parse(String(data.Attributes)) as Record<string, unknown>;

describe('Twilio Trust Hub registration', () => {
  it('files a secondary customer profile as the ISV guide does: the bundle, its end users and address, assigned, evaluated, then submitted', async () => {
    const { requests, client } = trustHub({ status: 'compliant', results: [] });
    const filed = await createTwilioRegistration(client, { primaryProfileSid: PRIMARY }).fileProfile(filing);
    assert.deepEqual(filed, { sid: 'BU00000000000000000000000000000001', failures: [] });
    const bundle = filed.sid!;
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.uri.replace(`/Accounts/${TEST_ACCOUNT_SID}`, '')}`),
      [
        `POST ${HUB}/CustomerProfiles`,
        `POST ${HUB}/EndUsers`,
        `POST ${HUB}/EndUsers`,
        'POST https://api.twilio.com/2010-04-01/Addresses.json',
        `POST ${HUB}/SupportingDocuments`,
        ...[1, 2, 3, 4].map(() => `POST ${HUB}/CustomerProfiles/${bundle}/EntityAssignments`),
        `POST ${HUB}/CustomerProfiles/${bundle}/Evaluations`,
        `POST ${HUB}/CustomerProfiles/${bundle}`,
      ],
    );
    assert.deepEqual(requests[0]!.data, { FriendlyName: 'Round Rock', Email: 'hello@demoinsurance.example', PolicySid: SECONDARY_PROFILE_POLICY });
    assert.equal(requests[1]!.data.Type, 'customer_profile_business_information');
    assert.deepEqual(attributes(requests[1]!.data), {
      business_name: 'Demo Insurance Agency',
      business_identity: 'direct_customer',
      business_type: 'Limited Liability Corporation',
      business_industry: 'INSURANCE',
      business_registration_identifier: 'EIN',
      business_registration_number: '12-3456789',
      business_regions_of_operation: 'USA_AND_CANADA',
      website_url: 'https://demoinsurance.example',
    });
    assert.equal(requests[2]!.data.Type, 'authorized_representative_1');
    assert.equal(attributes(requests[2]!.data).phone_number, '+15125550100');
    assert.deepEqual(
      [
        requests[3]!.data.CustomerName,
        requests[3]!.data.Street,
        requests[3]!.data.StreetSecondary,
        requests[3]!.data.Region,
        requests[3]!.data.PostalCode,
        requests[3]!.data.IsoCountry,
      ],
      ['Demo Insurance Agency LLC', '500 Congress Ave', 'Suite 200', 'TX', '78701', 'US'],
    );
    assert.deepEqual([requests[4]!.data.Type, attributes(requests[4]!.data).address_sids], ['customer_profile_address', 'AD00000000000000000000000000000004']);
    assert.deepEqual(
      requests.slice(5, 9).map((r) => r.data.ObjectSid),
      [PRIMARY, 'IT00000000000000000000000000000002', 'IT00000000000000000000000000000003', 'RD00000000000000000000000000000005'],
      'the primary profile, the business, the representative and the address document',
    );
    assert.deepEqual(requests[9]!.data, { PolicySid: SECONDARY_PROFILE_POLICY });
    assert.deepEqual(requests[10]!.data, { Status: 'pending-review' });
  });

  it("answers the carrier's own evaluation, each finding beside its field, and submits nothing", async () => {
    const { requests, client } = trustHub({
      status: 'noncompliant',
      results: [
        { requirement_name: 'business_info', passed: false, invalid: [{ object_field: 'website_url', failure_reason: 'The website is not reachable.' }] },
        { requirement_name: 'authorized_representative_2', passed: false, invalid: [{ object_field: 'email', failure_reason: 'The email is not valid.' }] },
        { requirement_name: 'customer_profile_address', passed: false, failure_reason: 'An address is missing.', invalid: [] },
      ],
    });
    const filed = await createTwilioRegistration(client).fileProfile({ ...filing, rep2: { ...filing.rep1, firstName: 'Adam' } });
    assert.deepEqual(filed, {
      sid: null,
      failures: [
        { step: 'business', field: 'websiteUrl', failureReason: 'The website is not reachable.' },
        { step: 'rep2', field: 'email', failureReason: 'The email is not valid.' },
        { step: 'address', field: '', failureReason: 'An address is missing.' },
      ],
    });
    assert.ok(!requests.some((r) => r.data.Status === 'pending-review'));
    assert.equal(requests.filter((r) => r.data.Type === 'authorized_representative_2').length, 1, 'the second representative is filed too');
  });

  it("follows the review and reads a refusal's reasons", async () => {
    const bundle = 'BU00000000000000000000000000000042';
    for (const [status, state] of [
      ['pending-review', 'pending-review'],
      ['in-review', 'in-review'],
      ['twilio-approved', 'approved'],
    ] as const) {
      const { client } = trustHub({ status: 'compliant', results: [] }, (m, uri) =>
        uri === `${HUB}/CustomerProfiles/${bundle}` ? { sid: bundle, status } : undefined,
      );
      assert.deepEqual(await createTwilioRegistration(client).profileReview(bundle, filing, 'pending-review'), { state });
    }
    const { client, requests } = trustHub({ status: 'compliant', results: [] }, (m, uri) => {
      if (uri === `${HUB}/CustomerProfiles/${bundle}`) return { sid: bundle, status: 'twilio-rejected', errors: [] };
      if (uri === `${HUB}/CustomerProfiles/${bundle}/Evaluations`)
        return {
          results: [
            {
              sid: 'EL1',
              status: 'noncompliant',
              results: [
                {
                  requirement_name: 'business_info',
                  invalid: [{ object_field: 'business_registration_number', failure_reason: 'The EIN does not match the business name.' }],
                },
              ],
            },
          ],
          meta: { key: 'results', page: 0, page_size: 1 },
        };
      return undefined;
    });
    assert.deepEqual(await createTwilioRegistration(client).profileReview(bundle, filing, 'in-review'), {
      state: 'rejected',
      failures: [{ step: 'business', field: 'registrationNumber', failureReason: 'The EIN does not match the business name.' }],
    });
    assert.equal(requests[1]!.method, 'GET');
  });

  it('files the brand: an A2P messaging profile with the approved customer profile, then the brand registration', async () => {
    const { requests, client } = trustHub({ status: 'compliant', results: [] });
    const profileSid = 'BU00000000000000000000000000000077';
    const filed = await createTwilioRegistration(client).fileBrand({
      friendlyName: 'Round Rock',
      email: 'hello@demoinsurance.example',
      profileSid,
      brandType: 'public',
      stockExchange: 'NASDAQ',
      stockTicker: 'DEMO',
    });
    assert.match(String(filed.sid), /^BN/);
    const product = 'BU00000000000000000000000000000001';
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.uri}`),
      [
        `POST ${HUB}/TrustProducts`,
        `POST ${HUB}/EndUsers`,
        `POST ${HUB}/TrustProducts/${product}/EntityAssignments`,
        `POST ${HUB}/TrustProducts/${product}/EntityAssignments`,
        `POST ${HUB}/TrustProducts/${product}/Evaluations`,
        `POST ${HUB}/TrustProducts/${product}`,
        'POST https://messaging.twilio.com/v1/a2p/BrandRegistrations',
      ],
    );
    assert.equal(requests[0]!.data.PolicySid, A2P_PROFILE_POLICY);
    assert.deepEqual(
      [requests[1]!.data.Type, attributes(requests[1]!.data)],
      ['us_a2p_messaging_profile_information', { company_type: 'public', stock_exchange: 'NASDAQ', stock_ticker: 'DEMO' }],
    );
    assert.deepEqual(
      requests.slice(2, 4).map((r) => r.data.ObjectSid),
      ['IT00000000000000000000000000000002', profileSid],
    );
    assert.deepEqual(requests[6]!.data, { CustomerProfileBundleSid: profileSid, A2PProfileBundleSid: product, BrandType: 'STANDARD' });
  });

  it("reads a brand's review, and a failed one's reasons", async () => {
    const sid = 'BN00000000000000000000000000000005';
    const at = `https://messaging.twilio.com/v1/a2p/BrandRegistrations/${sid}`;
    const review = async (brand: object) => {
      const { client } = trustHub({ status: 'compliant', results: [] }, (m, uri) => (uri === at ? { sid, ...brand } : undefined));
      return createTwilioRegistration(client).brandReview(sid);
    };
    assert.deepEqual(await review({ status: 'PENDING' }), { state: 'pending-review' });
    assert.deepEqual(await review({ status: 'APPROVED' }), { state: 'approved' });
    assert.deepEqual(await review({ status: 'FAILED', errors: [{ code: 30795, description: 'The brand name does not match the EIN.' }] }), {
      state: 'rejected',
      failures: [{ step: 'brand', field: 'brandType', failureReason: 'The brand name does not match the EIN.' }],
    });
  });
});
