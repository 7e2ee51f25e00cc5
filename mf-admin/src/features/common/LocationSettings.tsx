import { useCallback, useState, type ReactNode } from 'react';
import { Alert, Card, Form, Select, Spin, Typography } from 'antd';
import { errorMessage, locationsApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { MISSING_LOCATIONS, type Location } from '@agency/contracts';
import { useLiveQuery, useObservable } from '@agency/ui';
import { mayLeave } from '../settings/unsaved';

export const locationsFailed = (message: string) => `Unable to get locations: ${message}`;

/** A location's name with its timezone, as the selector lists it. */
export const locationLabel = (l: Pick<Location, 'name' | 'timezone'>) => `${l.name} (${l.timezone})`;

interface Props {
  title: string;
  /** The form of the chosen location; `saved` puts the server's answer back in the list. */
  children: (location: Location, saved: (next: Location) => void, accountId: string) => ReactNode;
}

/**
 * The frame of a per-location settings page (office hours, call settings, messages; spec 002): a
 * red 'Missing Locations' alert when the account has none, a selector (name plus timezone) when it
 * has several, and the single one chosen by itself.
 */
export function LocationSettings({ title, children }: Props) {
  const session = useObservable(bus.session$);
  const accountId = session?.account.id;
  const query = useLiveQuery(accountId ? () => locationsApi.list(accountId) : null, null, accountId);
  const locations = query.data ?? null;
  const error = query.error ? locationsFailed(errorMessage(query.error)) : null;
  const [picked, setPicked] = useState<string | null>(null);
  // The location picked while it still exists; the only one when there is one.
  const chosen = picked && locations?.some((l) => l.id === picked) ? picked : locations?.length === 1 ? locations[0]!.id : null;
  const { update } = query;
  const saved = useCallback((next: Location) => update((list) => list?.map((l) => (l.id === next.id ? next : l)) ?? list), [update]);

  const location = locations?.find((l) => l.id === chosen) ?? null;
  let body: ReactNode;
  if (error) body = <Alert type="error" showIcon role="alert" title={error} />;
  else if (!locations) body = <Spin aria-label="Loading locations" />;
  else if (!locations.length)
    body = <Alert type="error" showIcon role="alert" title={MISSING_LOCATIONS} description="Add a location under Account, Locations first." />;
  else
    body = (
      <>
        {locations.length > 1 ? (
          <Form layout="vertical">
            <Form.Item label="Location" htmlFor="settingsLocation">
              <Select
                id="settingsLocation"
                placeholder="Choose a location"
                value={chosen ?? undefined}
                options={locations.map((l) => ({ value: l.id, label: locationLabel(l) }))}
                onChange={(id: string) => void mayLeave().then((ok) => ok && setPicked(id))}
                style={{ maxWidth: 360 }}
              />
            </Form.Item>
          </Form>
        ) : (
          <Typography.Paragraph type="secondary">Location: {locationLabel(locations[0]!)}</Typography.Paragraph>
        )}
        {location && accountId && <div key={location.id}>{children(location, saved, accountId)}</div>}
      </>
    );

  return (
    <Card title={title} style={{ maxWidth: 820 }}>
      {body}
    </Card>
  );
}
