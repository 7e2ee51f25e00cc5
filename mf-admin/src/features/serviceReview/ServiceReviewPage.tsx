import { useEffect, useState } from 'react';
import { Alert, Card, Form, Input, Select, Spin, Switch } from 'antd';
import { errorMessage, reviewSettingsApi, usersApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { MAX_RATING, REVIEW_SETTINGS_SAVED, type ReviewSettings } from '@agency/contracts';
import { failureText, notifyError, notifySuccess, useLiveQuery, useObservable } from '@agency/ui';
import { applyMe } from '../../session';
import { SettingsActions } from '../common/SettingsActions';
import { useUnsavedChanges } from '../settings/unsaved';

export const reviewSettingsFailed = (message: string) => `Unable to update service review settings: ${message}`;

const RATING_OPTIONS = Array.from({ length: MAX_RATING }, (_, i) => ({ value: i + 1, label: i === 0 ? '1 star' : `${i + 1} stars` }));

interface Values {
  serviceReviewEnabled: boolean;
  reviewSMSMessage: string;
  googlePlaceId: string;
  googleReviewMinRating: number;
  ratingNotificationEnabled: boolean;
}
const valuesOf = (s: ReviewSettings): Values => ({ ...s, reviewSMSMessage: s.reviewSMSMessage ?? '', googlePlaceId: s.googlePlaceId ?? '' });

/**
 * /account/settings/service-review: whether clients are asked for reviews, the text they get, the
 * Google place a good rating is sent on to, and who hears about ratings. After a save the session's
 * account follows, so the Service Reviews screens and widget appear or disappear at once.
 */
export function ServiceReviewPage() {
  const session = useObservable(bus.session$);
  const accountId = session?.account.id;
  const [stored, setStored] = useState<Values | null>(null);
  const [values, setValues] = useState<Values | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = !!values && !!stored && JSON.stringify(values) !== JSON.stringify(stored);
  useUnsavedChanges(dirty);

  const fresh = useLiveQuery(accountId ? () => reviewSettingsApi.get(accountId) : null, null, accountId);
  const loadError = fresh.error ? `Unable to get service review settings: ${errorMessage(fresh.error)}` : null;
  useEffect(() => {
    if (!fresh.data) return;
    setStored(valuesOf(fresh.data));
    setValues(valuesOf(fresh.data));
  }, [fresh.data]);

  async function save() {
    if (!values || !accountId) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await reviewSettingsApi.update(accountId, {
        ...values,
        reviewSMSMessage: values.reviewSMSMessage.trim() || null,
        googlePlaceId: values.googlePlaceId.trim() || null,
      });
      setStored(valuesOf(saved));
      setValues(valuesOf(saved));
      notifySuccess(REVIEW_SETTINGS_SAVED);
      const me = await usersApi.me().catch(() => null);
      if (me) applyMe(me);
    } catch (err) {
      const text = reviewSettingsFailed(failureText(err));
      setError(text);
      notifyError(text);
    } finally {
      setSaving(false);
    }
  }

  const change = (patch: Partial<Values>) => values && setValues({ ...values, ...patch });
  return (
    <Card title="Service Review" style={{ maxWidth: 720 }}>
      {loadError && <Alert type="error" showIcon role="alert" title={loadError} />}
      {!loadError && !values && <Spin aria-label="Loading service review settings" />}
      {values && stored && (
        <Form layout="vertical" onFinish={() => void save()}>
          {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
          <Form.Item label="Service reviews enabled" htmlFor="serviceReviewEnabled" extra="Staff can ask clients for a review by text message.">
            <Switch id="serviceReviewEnabled" checked={values.serviceReviewEnabled} onChange={(serviceReviewEnabled) => change({ serviceReviewEnabled })} />
          </Form.Item>
          <Form.Item label="Review text message" htmlFor="reviewSMSMessage" extra="The text sent with the review link.">
            <Input.TextArea
              id="reviewSMSMessage"
              autoSize={{ minRows: 2, maxRows: 5 }}
              maxLength={320}
              showCount
              value={values.reviewSMSMessage}
              onChange={(e) => change({ reviewSMSMessage: e.target.value })}
            />
          </Form.Item>
          <Form.Item label="Google Place Id" htmlFor="googlePlaceId" extra="Clients who rate high enough are offered a Google review of this place.">
            <Input id="googlePlaceId" value={values.googlePlaceId} onChange={(e) => change({ googlePlaceId: e.target.value })} maxLength={200} />
          </Form.Item>
          <Form.Item label="Google review minimum rating" htmlFor="googleReviewMinRating">
            <Select<number>
              id="googleReviewMinRating"
              style={{ maxWidth: 200 }}
              value={values.googleReviewMinRating}
              options={RATING_OPTIONS}
              onChange={(googleReviewMinRating) => change({ googleReviewMinRating })}
            />
          </Form.Item>
          <Form.Item label="Rating notifications" htmlFor="ratingNotificationEnabled" extra="Tell the requester when a client answers.">
            <Switch
              id="ratingNotificationEnabled"
              checked={values.ratingNotificationEnabled}
              onChange={(ratingNotificationEnabled) => change({ ratingNotificationEnabled })}
            />
          </Form.Item>
          <SettingsActions dirty={dirty} saving={saving} onReset={() => setValues(stored)} />
        </Form>
      )}
    </Card>
  );
}
