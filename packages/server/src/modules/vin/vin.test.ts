import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { createLocalVinDecoder, modelYear, vinCheckDigit } from '../../providers/vin/local';

let s: TestServer;
let token: string;
before(async () => {
  s = await startTestServer();
  token = (await signIn(s.app, 'employee@demo.test')).token;
});
after(() => s.close());

describe('VIN lookup', () => {
  it('decodes year, make and model offline', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/utilities/lookup/vin/1HGCM82633A004352', headers: bearer(token) });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord' });
    assert.equal(vinCheckDigit('1HGCM82633A004352'), '3');
    assert.equal(modelYear('5YJ3E1EA7KF000000'), 2019);
  });

  it('decodes a hull id to its model year and builder', async () => {
    assert.deepEqual(await createLocalVinDecoder().decode('SERV1234H819'), { vin: 'SERV1234H819', year: 2019, make: 'Sea Ray', model: null });
  });

  it('answers 422 with the reason the UI shows after "Unable to find vin:"', async () => {
    const ask = async (vin: string) => (await s.app.inject({ method: 'GET', url: `/api/utilities/lookup/vin/${vin}`, headers: bearer(token) })).json();
    assert.equal((await ask('1HGCM82633A00435')).message, 'VINs are 17 characters long');
    assert.equal((await ask('1HGCM82633A004353')).message, 'the check digit does not match, please check the VIN');
    assert.equal((await ask('1HGCMO2633A004352')).message, 'VINs use digits and letters other than I, O and Q');
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/utilities/lookup/vin/1HGCM82633A004352' })).statusCode, 401);
  });
});
