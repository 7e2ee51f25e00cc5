import { useState } from 'react';
import { Alert, Divider, Flex, Form, Input, Select, Switch, Typography } from 'antd';
import { locationsApi } from '@agency/api-client';
import { failureText, notifyError, notifySuccess } from '@agency/ui';
import {
  DEFAULT_CLOSED_MESSAGE,
  HOLIDAYS,
  OFFICE_HOURS_UPDATED,
  OFFICE_TIME_STEP_MINUTES,
  officeHoursFailed,
  parseOfficeHours,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type FlowMessage,
  type Location,
  type OfficeHours,
  type Weekday,
} from '@agency/contracts';
import { LocationSettings } from '../common/LocationSettings';
import { FlowMessageField } from '../common/FlowMessageField';
import { SettingsActions } from '../common/SettingsActions';
import { useUnsavedChanges } from '../settings/unsaved';

interface Day {
  open: boolean;
  openTime: string;
  closeTime: string;
}
export interface OfficeHoursValues {
  days: Record<Weekday, Day>;
  holidays: string[];
  closedMessage: FlowMessage;
  smsMessage: string;
  smsEnabled: boolean;
}

export function valuesOf(stored: OfficeHours): OfficeHoursValues {
  const days = {} as Record<Weekday, Day>;
  for (const d of WEEKDAYS) {
    const h = stored.hours[d];
    days[d] = { open: !!h?.open, openTime: h?.openTime ?? '', closeTime: h?.closeTime ?? '' };
  }
  return {
    days,
    holidays: [...stored.holidays],
    closedMessage: stored.closedMessage,
    smsMessage: stored.smsClosedMessage.message,
    smsEnabled: stored.smsClosedMessage.enabled && !!stored.smsClosedMessage.message.trim(),
  };
}

/** What is saved: only the days that are open and have both times (spec 002 section 5). */
export function officeHoursOf(v: OfficeHoursValues): OfficeHours {
  const hours: OfficeHours['hours'] = {};
  for (const d of WEEKDAYS) {
    const day = v.days[d];
    if (day.open && day.openTime && day.closeTime) hours[d] = { open: true, openTime: day.openTime, closeTime: day.closeTime };
  }
  const smsMessage = v.smsMessage.trim();
  return {
    hours,
    holidays: HOLIDAYS.filter((h) => v.holidays.includes(h)),
    closedMessage: v.closedMessage,
    smsClosedMessage: { enabled: v.smsEnabled && !!smsMessage, message: smsMessage },
  };
}

const HOLIDAY_OPTIONS = HOLIDAYS.map((h) => ({ value: h, label: h }));

function OfficeHoursForm({ accountId, location, saved }: { accountId: string; location: Location; saved: (next: Location) => void }) {
  const [stored, setStored] = useState(() => valuesOf(parseOfficeHours(location.officeHours)));
  const [values, setValues] = useState(stored);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(stored);
  useUnsavedChanges(dirty);

  const setDay = (d: Weekday, patch: Partial<Day>) => setValues({ ...values, days: { ...values.days, [d]: { ...values.days[d], ...patch } } });
  const message = values.closedMessage;

  async function save() {
    setSaving(true);
    setError(null);
    try {
      const next = await locationsApi.update(accountId, location.id, { officeHours: JSON.stringify(officeHoursOf(values)) });
      const reread = valuesOf(parseOfficeHours(next.officeHours));
      setStored(reread);
      setValues(reread);
      saved(next);
      notifySuccess(OFFICE_HOURS_UPDATED);
    } catch (err) {
      const text = officeHoursFailed(failureText(err));
      setError(text);
      notifyError(text);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form layout="vertical" onFinish={() => void save()}>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Typography.Title level={5}>Hours</Typography.Title>
      <Typography.Paragraph type="secondary">A day is saved as open only with both its open and close times.</Typography.Paragraph>
      <div>
        {WEEKDAYS.map((d) => {
          const day = values.days[d];
          const label = WEEKDAY_LABELS[d];
          return (
            <Flex key={d} gap={16} align="center" style={{ marginBottom: 8 }} wrap>
              <Flex gap={8} align="center" style={{ width: 160 }}>
                <Switch aria-label={`${label} open`} checked={day.open} onChange={(open) => setDay(d, { open })} />
                <Typography.Text strong={day.open}>{label}</Typography.Text>
              </Flex>
              <Flex gap={8} align="center">
                <Typography.Text type="secondary">Opens</Typography.Text>
                <Input
                  id={`${d}-open`}
                  type="time"
                  step={OFFICE_TIME_STEP_MINUTES * 60}
                  disabled={!day.open}
                  value={day.openTime}
                  onChange={(e) => setDay(d, { openTime: e.target.value })}
                  aria-label={`${label} opens at`}
                  style={{ width: 140 }}
                />
                <Typography.Text type="secondary">Closes</Typography.Text>
                <Input
                  id={`${d}-close`}
                  type="time"
                  step={OFFICE_TIME_STEP_MINUTES * 60}
                  disabled={!day.open}
                  value={day.closeTime}
                  onChange={(e) => setDay(d, { closeTime: e.target.value })}
                  aria-label={`${label} closes at`}
                  style={{ width: 140 }}
                />
              </Flex>
            </Flex>
          );
        })}
      </div>
      <Divider />
      <Form.Item label="Closed on holidays" htmlFor="holidays" extra="Holidays not chosen are normal business days.">
        <Select<string[]>
          id="holidays"
          mode="multiple"
          allowClear
          placeholder="Open on every holiday"
          value={values.holidays}
          options={HOLIDAY_OPTIONS}
          onChange={(holidays) => setValues({ ...values, holidays })}
        />
      </Form.Item>
      <div style={{ marginBottom: 24 }}>
        <FlowMessageField
          id="closedMessageType"
          label="Closed call message"
          extra="Played to callers outside office hours and on closed holidays."
          textLabel="Closed message text"
          defaultText={DEFAULT_CLOSED_MESSAGE}
          value={message}
          onChange={(closedMessage) => setValues({ ...values, closedMessage })}
        />
      </div>
      <Form.Item label="Closed text reply" htmlFor="smsClosedMessage" extra="Sent to people who text while the office is closed.">
        <Input.TextArea
          id="smsClosedMessage"
          autoSize={{ minRows: 2, maxRows: 5 }}
          maxLength={320}
          value={values.smsMessage}
          onChange={(e) => setValues({ ...values, smsMessage: e.target.value, smsEnabled: values.smsEnabled && !!e.target.value.trim() })}
        />
      </Form.Item>
      <Form.Item label="Send the closed text reply" htmlFor="smsClosedEnabled">
        <Switch
          id="smsClosedEnabled"
          checked={values.smsEnabled}
          disabled={!values.smsMessage.trim()}
          onChange={(smsEnabled) => setValues({ ...values, smsEnabled })}
        />
      </Form.Item>
      <SettingsActions dirty={dirty} saving={saving} onReset={() => setValues(stored)} />
    </Form>
  );
}

/** /account/settings/office-hours: each location's weekly hours, holidays and closed messages. */
export function OfficeHoursPage() {
  return (
    <LocationSettings title="Office Hours">
      {(location, saved, accountId) => <OfficeHoursForm accountId={accountId} location={location} saved={saved} />}
    </LocationSettings>
  );
}
