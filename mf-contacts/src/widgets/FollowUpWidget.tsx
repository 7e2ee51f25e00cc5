import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { Typography, theme } from 'antd';
import type { FollowUp, FollowUpBucket } from '@agency/contracts';
import { followUpsApi } from '@agency/api-client';
import { BucketWidget, FeedbackBridge, formatDateTime } from '@agency/ui';

/** A follow-up as a widget row: when, with the contact, and the note (red when past due). */
function FollowUpRow({ f, danger }: { f: FollowUp; danger: boolean }) {
  const { token } = theme.useToken();
  const box: CSSProperties = { height: '100%', padding: '6px 8px', boxSizing: 'border-box', borderBottom: `1px solid ${token.colorBorderSecondary}` };
  return (
    <div style={box} data-testid="widget-followup">
      <Typography.Text type={danger ? 'danger' : undefined} style={{ fontSize: 12, display: 'block' }}>
        {formatDateTime(f.date)}
        {f.client ? (
          <>
            {' · '}
            <Link to={`/contacts/contact/${f.client}`} style={{ textDecoration: 'underline' }}>
              {f.clientName ?? 'Contact'}
            </Link>
          </>
        ) : null}
      </Typography.Text>
      <Typography.Text ellipsis style={{ display: 'block', color: danger ? token.colorErrorText : undefined }}>
        {f.note || '\u00a0'}
      </Typography.Text>
    </div>
  );
}

const counts = () => followUpsApi.counts();
const bucket = (b: FollowUpBucket) => followUpsApi.bucket(b);
const row = (f: FollowUp, pastDue: boolean) => <FollowUpRow f={f} danger={pastDue} />;

/** The dashboard's Follow Up widget: Past Due (red), Today, Tomorrow, Future; a bucket's list toggles open. */
export function FollowUpWidget() {
  return (
    <BucketWidget title="Follow Up" testId="followup-widget" noun="follow ups" counts={counts} bucket={bucket} row={row}>
      <FeedbackBridge />
    </BucketWidget>
  );
}
