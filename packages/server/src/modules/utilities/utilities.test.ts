import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, DEMO, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { parseFeatureFlags } from '../../config';

let s: TestServer;
before(async () => {
  s = await startTestServer({ config: { features: parseFeatureFlags('newDashboard, chatGifs,!campaigns') } });
});
after(() => s.close());

describe('feedback', () => {
  it('stores the report and thanks the user', async () => {
    const { token, user } = await signIn(s.app, 'employee@demo.test');
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/utilities/feedback',
      headers: bearer(token),
      payload: { category: 'Issue', relatedTo: 'Phone', comments: 'The ring is too quiet.' },
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { message: 'Feedback was sent to our support group.  Thank You!' });
    const rows = await s.db.query<{ account_id: string; user_id: string; category: string; related_to: string; comments: string }>(
      'select account_id, user_id, category, related_to, comments from feedback',
    );
    assert.deepEqual(rows, [{ account_id: DEMO, user_id: user.id, category: 'Issue', related_to: 'Phone', comments: 'The ring is too quiet.' }]);
  });

  it('validates it', async () => {
    const { token } = await signIn(s.app, 'employee2@demo.test');
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/utilities/feedback',
      headers: bearer(token),
      payload: { category: 'Rant', relatedTo: 'x', comments: 'y' },
    });
    assert.equal(res.statusCode, 400);
    const empty = await s.app.inject({
      method: 'POST',
      url: '/api/utilities/feedback',
      headers: bearer(token),
      payload: { category: 'Other', relatedTo: 'x', comments: ' ' },
    });
    assert.deepEqual(empty.json(), { message: 'Comments are required' });
  });

  it('needs a session', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/utilities/feedback', payload: { category: 'Other', relatedTo: 'x', comments: 'y' } });
    assert.equal(res.statusCode, 401);
  });
});

describe('GET /config', () => {
  it('answers without a session', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/config' });
    assert.equal(res.statusCode, 200);
    const config = res.json();
    assert.equal(config.version, '2.10.0');
    assert.match(config.desktopDownloads.windows, /^\/downloads\/.+\.exe$/);
    assert.match(config.desktopDownloads.mac, /^\/downloads\/.+\.dmg$/);
    assert.equal(typeof config.featureRequestUrl, 'string');
    assert.deepEqual(config.features, { newDashboard: true, chatGifs: true, campaigns: false });
    assert.deepEqual(config.simulated, [], 'outside production nothing is announced as simulated');
    assert.equal(config.simulators, true, 'in development the carrier simulators open');
  });

  it('opens the carrier simulators in development and on a staging site, never in production or on a real carrier', async () => {
    const saved = { production: s.config.production, allowSimulatedProviders: s.config.allowSimulatedProviders, carrier: s.config.carrier };
    const simulators = async (o: Partial<typeof saved>) => {
      Object.assign(s.config, saved, o);
      return (await s.app.inject({ method: 'GET', url: '/api/config' })).json().simulators;
    };
    try {
      assert.equal(await simulators({ production: true, allowSimulatedProviders: false }), false);
      assert.equal(await simulators({ production: true, allowSimulatedProviders: true }), true);
      assert.equal(await simulators({ carrier: 'twilio' }), false);
    } finally {
      Object.assign(s.config, saved);
    }
  });

  it('names what a production site allowed to run on simulated providers fakes', async () => {
    const saved = { production: s.config.production, allowSimulatedProviders: s.config.allowSimulatedProviders };
    Object.assign(s.config, { production: true, allowSimulatedProviders: true });
    try {
      const res = await s.app.inject({ method: 'GET', url: '/api/config' });
      assert.deepEqual(res.json().simulated, ['texts', 'calls', 'payments']);
    } finally {
      Object.assign(s.config, saved);
    }
  });

  it('reads its settings from the environment', async () => {
    const { loadConfig } = await import('../../config');
    const c = loadConfig({ DATA_DIR: s.config.dataDir, DESKTOP_DOWNLOAD_MAC: 'https://downloads.example/AgencyDesk.dmg', FEATURE_FLAGS: 'a,b' });
    assert.equal(c.desktopDownloads.mac, 'https://downloads.example/AgencyDesk.dmg');
    assert.deepEqual(c.features, { a: true, b: true });
    assert.deepEqual(loadConfig({ DATA_DIR: s.config.dataDir }).features, {});
  });
});
