import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import moment from 'moment-timezone';
import {
  CAMPAIGN_HELD_COMMENT,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_SKIP_REASONS,
  type Campaign,
  type CampaignAudience,
  type CampaignLog,
  type CampaignLogDetail,
} from '@agency/contracts';
import { bearer, DEMO, SECOND, signIn, startTestServer, type SignedIn, type TestServer } from '../../testing/harness';
import { openOccurrence, processRun, textKey } from './runs';
import { accountTimezone, isBirthday } from './service';
import { timezoneOf } from '../sms/outbound';
import { DEMO_LOCATIONS } from '../locations/seed';

let s: TestServer;
let owner: SignedIn;
let other: SignedIn;
let tagId: string;
const people: Record<'reachable' | 'household' | 'noMobile' | 'optedOut', string> = { reachable: '', household: '', noMobile: '', optedOut: '' };

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = owner) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(who.token), payload });

/** The next half hour at least an hour ahead, as the wizard offers. */
const nextHalfHour = () => {
  const t = new Date(Date.now() + 3600_000);
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(Math.ceil(t.getUTCMinutes() / 30) * 30);
  return t.toISOString();
};
const base = () => ({
  name: 'Renewal reminder',
  description: 'Weekly nudge',
  targetTags: [tagId],
  targetWhom: 'both',
  content: 'Hi {{firstName}}, your renewal is coming up.',
  scheduleOccurrence: 'weekly',
  scheduleIntervalOn: [1, 4],
  scheduleStartOn: nextHalfHour(),
});
const campaignTexts = (campaignId: string) =>
  s.db.query<{ to_number: string; message: string; send_at: Date; idempotency_key: string }>(
    'select to_number, message, send_at, idempotency_key from sms_messages where idempotency_key like $1 order by send_at',
    [`campaign:${campaignId}:%`],
  );

before(async () => {
  s = await startTestServer({ config: { campaignRatePerSecond: 1 } });
  owner = await signIn(s.app, 'owner@demo.test');
  other = await signIn(s.app, 'owner@second.test', SECOND);
  const tag = await api('POST', '/tags', { name: 'Campaign test' });
  assert.equal(tag.statusCode, 201, tag.body);
  tagId = tag.json().id;
  const add = async (data: Record<string, string>) => {
    const res = await api('POST', '/clients', data);
    assert.equal(res.statusCode, 201, res.body);
    const id = res.json().id as string;
    assert.equal((await api('PUT', `/clients/${id}/tags`, { tags: [{ id: tagId, isActive: true }] })).statusCode, 200);
    return id;
  };
  people.reachable = await add({ firstName: 'Rita', lastName: 'Reach', mobilePhone: '5125550301' });
  people.household = await add({ firstName: 'Hank', lastName: 'Holm', mobilePhone: '5125550302', coFirstName: 'Helga', coMobilePhone: '5125550303' });
  people.noMobile = await add({ firstName: 'Nora', lastName: 'Nomobile' });
  people.optedOut = await add({ firstName: 'Otto', lastName: 'Out', mobilePhone: '5125550304' });
  await s.db.query(`insert into sms_opt_outs (account_id, phone_number, agency_number) values ($1, '15125550304', '15125550001')`, [DEMO]);
});
after(() => s.close());
const timezone = async () => (await s.db.query<{ timezone: string }>('select timezone from accounts where id = $1', [DEMO]))[0]!.timezone;

describe('campaigns', () => {
  it('saves a campaign through the checks, lists, filters, sorts and pages it, and keeps it to its account', async () => {
    const missing = await api('POST', '/campaigns', { ...base(), targetTags: [] });
    assert.deepEqual([missing.statusCode, missing.json().message], [400, CAMPAIGN_MESSAGES.tagsRequired]);
    const offStep = await api('POST', '/campaigns', { ...base(), scheduleStartOn: new Date(Date.parse(nextHalfHour()) + 10 * 60_000).toISOString() });
    assert.equal(offStep.json().message, CAMPAIGN_MESSAGES.startStep);
    assert.equal((await api('POST', '/campaigns', { ...base(), scheduleIntervalOn: [] })).json().message, CAMPAIGN_MESSAGES.weekdaysRequired);
    assert.equal((await api('POST', '/campaigns', { ...base(), format: 'email' })).json().message, CAMPAIGN_MESSAGES.emailUnavailable);
    assert.equal(
      (await api('POST', '/campaigns', { ...base(), targetTags: ['00000000-0000-4000-8000-000000000001'] })).json().message,
      CAMPAIGN_MESSAGES.unknownTag,
    );
    assert.equal((await api('GET', '/campaigns?isActive=true')).json().length, 0);

    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];
    const created: Campaign[] = [];
    for (const name of names) {
      const res = await api('POST', '/campaigns', { ...base(), name, isActive: name !== 'Foxtrot' });
      assert.equal(res.statusCode, 201, res.body);
      created.push(res.json());
    }
    const first = created[0]!;
    assert.equal(first.scheduleOccurrence, 'weekly');
    assert.ok(
      [1, 4].includes(
        moment(first.nextRunOn)
          .tz(await timezone())
          .day(),
      ),
      'the next run is a Monday or a Thursday',
    );
    assert.equal(created[5]!.nextRunOn, null);

    // Newest first by default; five a page; a short page ends the list.
    const page1 = (await api('GET', '/campaigns?isActive=true&limit=5')).json() as Campaign[];
    assert.deepEqual(
      page1.map((c) => c.name),
      ['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha'],
    );
    assert.equal((await api('GET', '/campaigns?isActive=true&limit=5&page=2')).json().length, 0);
    assert.deepEqual(
      (await api('GET', '/campaigns?isActive=false')).json().map((c: Campaign) => c.name),
      ['Foxtrot'],
    );
    assert.deepEqual(
      (await api('GET', '/campaigns?limit=10&sort=name')).json().map((c: Campaign) => c.name),
      names,
    );
    assert.equal((await api('GET', '/campaigns?limit=7')).statusCode, 400);
    assert.equal((await api('GET', '/campaigns?format=email')).json().length, 0);

    // Another agency sees none of it.
    assert.equal((await api('GET', `/campaigns/${first.id}`, undefined, other)).statusCode, 404);
    assert.equal((await api('PUT', `/campaigns/${first.id}`, base(), other)).statusCode, 404);
    assert.equal((await api('DELETE', `/campaigns/${first.id}`, undefined, other)).statusCode, 404);
    assert.equal((await api('GET', '/campaigns', undefined, other)).json().length, 0);

    const edited = await api('PUT', `/campaigns/${first.id}`, { ...base(), name: 'Alpha edited', scheduleOccurrence: 'monthly', scheduleIntervalOn: 31 });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.deepEqual([edited.json().name, edited.json().scheduleIntervalOn], ['Alpha edited', 31]);
    for (const c of created) assert.equal((await api('DELETE', `/campaigns/${c.id}`)).statusCode, 204);
    assert.equal((await api('GET', `/campaigns/${first.id}`)).statusCode, 404);
  });

  it('counts who a campaign would reach, after missing mobiles and opt-outs', async () => {
    const all = (await api('GET', `/campaigns/audience?targetTags=${tagId}&targetWhom=both`)).json() as CampaignAudience;
    assert.deepEqual([all.recipients, all.noMobile, all.optedOut], [3, 1, 1]);
    const coOnly = (await api('GET', `/campaigns/audience?targetTags=${tagId}&targetWhom=subClient`)).json() as CampaignAudience;
    assert.deepEqual([coOnly.recipients, coOnly.sample?.level], [1, 'secondary']);
    assert.equal((await api('GET', `/campaigns/audience?targetTags=${tagId}`, undefined, other)).json().recipients, 0);
  });

  it('a run texts everyone once, paced a second apart, logs who was skipped and why, and a second worker on the same run doubles nobody', async () => {
    const c = (await api('POST', '/campaigns', base())).json() as Campaign;
    const started = await api('POST', `/campaigns/${c.id}/run`);
    assert.equal(started.statusCode, 202, started.body);
    const { runId } = started.json() as { runId: string };
    // The same run taken up again (a restart, or a second process): nothing new is sent.
    await s.db.query(`update campaign_runs set status = 'running' where id = $1`, [runId]);
    const twice = await Promise.all([processRun(s.app.deps, DEMO, runId), processRun(s.app.deps, DEMO, runId)]);
    assert.deepEqual(twice, ['done', 'done']);

    const texts = await campaignTexts(c.id);
    assert.deepEqual(texts.map((t) => t.to_number).sort(), ['15125550301', '15125550302', '15125550303']);
    assert.ok(texts.some((t) => t.message === 'Hi Helga, your renewal is coming up.'));
    const gaps = texts.slice(1).map((t, i) => new Date(t.send_at).getTime() - new Date(texts[i]!.send_at).getTime());
    assert.ok(
      gaps.every((g) => g >= 999),
      `texts from one number a second apart: ${gaps}`,
    );

    // No worker hands texts to the carrier here: the three wait, held, and none counts as successful yet.
    const [log] = (await api('GET', `/campaigns/${c.id}/logs`)).json() as CampaignLog[];
    assert.deepEqual([log!.successful, log!.failed, log!.held, log!.status], [0, 2, 3, 'done']);
    const details = (await api('GET', `/campaigns/${c.id}/logs/${encodeURIComponent(log!.runDate)}`)).json() as CampaignLogDetail[];
    const byName = Object.fromEntries(details.map((d) => [d.client?.name, d]));
    assert.deepEqual([byName['Nora Nomobile']!.status, byName['Nora Nomobile']!.comment], ['skipped', CAMPAIGN_SKIP_REASONS['no-number']]);
    assert.deepEqual([byName['Otto Out']!.status, byName['Otto Out']!.comment], ['skipped', CAMPAIGN_SKIP_REASONS['opted-out']]);
    // Held when written in quiet hours (21:00-8:00) where its sending number is: the demo's numbers are
    // in its offices' zone, not the account's (the test's clock and the run's may differ by an hour).
    const [rita] = await s.db.query<{ by_number: string; created_at: Date }>(
      'select by_number, created_at from sms_messages where idempotency_key like $1 and to_number = $2',
      [`campaign:${c.id}:%`, '15125550301'],
    );
    const zone = await timezoneOf(s.db, DEMO, rita!.by_number);
    assert.equal(zone, DEMO_LOCATIONS.austin.timezone);
    const hour = moment(rita!.created_at).tz(zone).hour();
    assert.equal(byName['Rita Reach']!.status, hour >= 21 || hour < 8 ? 'held' : 'queued');
    assert.equal(byName['Rita Reach']!.phoneNumber, '15125550301');
    await api('DELETE', `/campaigns/${c.id}`);
  });

  it('a birthday run opens the sealed birth dates and texts only the people born on the day', async () => {
    const day = moment().tz(await accountTimezone(s.db, DEMO));
    const born = (years: number, shift = 0) => day.clone().add(shift, 'days').subtract(years, 'years').format('MM/DD/YYYY');
    const tag = (await api('POST', '/tags', { name: 'Birthday test' })).json().id as string;
    for (const data of [
      { firstName: 'Bea', lastName: 'Born', mobilePhone: '5125550311', dob: born(40) },
      { firstName: 'Ned', lastName: 'Notyet', mobilePhone: '5125550312', dob: born(40, 1), coFirstName: 'Cora', coMobilePhone: '5125550313', coDOB: born(38) },
    ]) {
      const id = (await api('POST', '/clients', data)).json().id as string;
      await api('PUT', `/clients/${id}/tags`, { tags: [{ id: tag, isActive: true }] });
    }
    const c = (
      await api('POST', '/campaigns', {
        ...base(),
        name: 'Birthday wishes',
        targetTags: [tag],
        scheduleOccurrence: 'field',
        content: 'Happy birthday, {{firstName}}!',
      })
    ).json() as Campaign;
    const started = await api('POST', `/campaigns/${c.id}/run`);
    assert.equal(started.statusCode, 202, started.body);
    assert.equal(await processRun(s.app.deps, DEMO, (started.json() as { runId: string }).runId), 'done');
    const texts = await campaignTexts(c.id);
    assert.deepEqual(texts.map((t) => [t.to_number, t.message]).sort(), [
      ['15125550311', 'Happy birthday, Bea!'],
      ['15125550313', 'Happy birthday, Cora!'],
    ]);
    await api('DELETE', `/campaigns/${c.id}`);
  });

  it('a run killed half way resumes: everyone texted once, nobody twice', async () => {
    const c = (await api('POST', '/campaigns', base())).json() as Campaign;
    const { runId } = (await api('POST', `/campaigns/${c.id}/run`)).json() as { runId: string };
    // What a crash leaves: the run open, one person's text stored but their row never written.
    const [one] = await s.db.query<{ id: string; message_id: string }>(
      'select id, message_id from campaign_run_recipients where run_id = $1 and message_id is not null order by id limit 1',
      [runId],
    );
    await s.db.query(`delete from campaign_run_recipients where run_id = $1 and id >= $2`, [runId, one!.id]);
    await s.db.query(`update campaign_runs set status = 'running' where id = $1`, [runId]);
    const before = (await campaignTexts(c.id)).length;
    assert.equal(await processRun(s.app.deps, DEMO, runId), 'done');
    const texts = await campaignTexts(c.id);
    assert.equal(texts.length, before);
    assert.equal(new Set(texts.map((t) => t.idempotency_key)).size, texts.length);
    assert.equal((await s.db.query('select 1 from campaign_run_recipients where run_id = $1', [runId])).length, 5);
    await api('DELETE', `/campaigns/${c.id}`);
  });

  it('a run at night holds its texts until 8:00: the log counts them held, not successful, and agrees with the dashboard as they go', async () => {
    const c = (await api('POST', '/campaigns', base())).json() as Campaign;
    const { runId } = (await api('POST', `/campaigns/${c.id}/run`)).json() as { runId: string };
    await s.db.query(`update campaign_runs set status = 'running' where id = $1`, [runId]);
    await processRun(s.app.deps, DEMO, runId);
    // The run was at 23:00 at the sending number: its texts wait for 8:00 the next morning.
    const night = moment
      .tz(await timezone())
      .subtract(1, 'day')
      .hour(23)
      .minute(0)
      .second(0);
    const morning = night.clone().add(9, 'hours');
    await s.db.query('update sms_messages set created_at = $2, send_at = $3 where idempotency_key like $1', [
      `campaign:${c.id}:%`,
      night.toDate(),
      morning.toDate(),
    ]);
    const summaryBefore = (await api('GET', '/campaigns/summary')).json();
    const logOf = async () => ((await api('GET', `/campaigns/${c.id}/logs`)).json() as CampaignLog[])[0]!;
    let log = await logOf();
    assert.deepEqual([log.successful, log.held, log.failed], [0, 3, 2]);
    const details = (await api('GET', `/campaigns/${c.id}/logs/${encodeURIComponent(log.runDate)}`)).json() as CampaignLogDetail[];
    const rita = details.find((d) => d.client?.name === 'Rita Reach')!;
    assert.deepEqual([rita.status, rita.comment], ['held', CAMPAIGN_HELD_COMMENT]);
    // At 8:00 one goes to the carrier: successful in the log, sent on the dashboard, by the same one.
    await s.db.query(
      `update sms_messages set status = 'sent', carrier_sid = 'SMnight1' where id = (select id from sms_messages where idempotency_key like $1 order by send_at limit 1)`,
      [`campaign:${c.id}:%`],
    );
    log = await logOf();
    assert.deepEqual([log.successful, log.held], [1, 2]);
    assert.equal((await api('GET', '/campaigns/summary')).json().sent - summaryBefore.sent, 1);
    await api('DELETE', `/campaigns/${c.id}`);
  });

  it('turning a campaign off withdraws its texts not yet sent and stops its run cleanly', async () => {
    const c = (await api('POST', '/campaigns', base())).json() as Campaign;
    const { runId } = (await api('POST', `/campaigns/${c.id}/run`)).json() as { runId: string };
    assert.equal((await campaignTexts(c.id)).length, 3);
    const off = await api('PUT', `/campaigns/${c.id}`, { ...base(), isActive: false });
    assert.equal(off.json().nextRunOn, null);
    assert.equal((await campaignTexts(c.id)).length, 0);
    const details = (
      await api('GET', `/campaigns/${c.id}/logs/${encodeURIComponent((await api('GET', `/campaigns/${c.id}/logs`)).json()[0].runDate)}`)
    ).json() as CampaignLogDetail[];
    assert.equal(details.filter((d) => d.comment === CAMPAIGN_SKIP_REASONS.stopped).length, 3);
    await s.db.query(`update campaign_runs set status = 'running' where id = $1`, [runId]);
    assert.equal(await processRun(s.app.deps, DEMO, runId), 'stopped');
    assert.equal((await api('POST', `/campaigns/${c.id}/run`)).statusCode, 400);
  });

  it('an occurrence job opens its run once, moves the campaign to its next time, and a stale job does nothing', async () => {
    const c = (await api('POST', '/campaigns', { ...base(), scheduleOccurrence: 'daily', scheduleIntervalOn: null })).json() as Campaign;
    const due = new Date(c.nextRunOn!);
    const first = await openOccurrence(s.app.deps, { accountId: DEMO, campaignId: c.id, runAt: due.toISOString() });
    assert.ok(first.runId);
    const tz = await timezone();
    assert.equal(moment(first.next).tz(tz).format('HH:mm'), moment(due).tz(tz).format('HH:mm'));
    assert.equal(moment(first.next).tz(tz).diff(moment(due).tz(tz), 'days'), 1);
    const again = await openOccurrence(s.app.deps, { accountId: DEMO, campaignId: c.id, runAt: due.toISOString() });
    assert.equal(again.runId, null);
    const saved = (await api('GET', `/campaigns/${c.id}`)).json() as Campaign;
    assert.deepEqual([saved.jobsRan, saved.nextRunOn], [1, first.next!.toISOString()]);
    const summary = (await api('GET', '/campaigns/summary')).json();
    assert.equal(typeof summary.count, 'number');
    assert.ok(summary.count >= 1);
  });

  it('a birthday campaign takes the people whose date it is; 29 February counts on the 28th in common years', () => {
    const day = (d: string) => moment.tz(d, 'America/Chicago');
    assert.equal(isBirthday('03/05/1980', day('2027-03-05')), true);
    assert.equal(isBirthday('03/05/1980', day('2027-03-06')), false);
    assert.equal(isBirthday('02/29/1992', day('2027-02-28')), true);
    assert.equal(isBirthday('02/29/1992', day('2028-02-28')), false);
    assert.equal(isBirthday('02/29/1992', day('2028-02-29')), true);
    assert.equal(isBirthday(null, day('2028-02-29')), false);
  });

  it('keys each text by campaign, run, client and person', () => {
    assert.equal(textKey('c', 'r', { clientId: 'x', level: 'secondary' }), 'campaign:c:r:x:secondary');
  });
});
