import { Link } from 'react-router-dom';
import { Typography, theme } from 'antd';
import { followUpsApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import type { FollowUp, FollowUpBucket } from '@agency/contracts';
import { BucketWidget, FeedbackBridge, formatDateTime, formatPhone } from '@agency/ui';

/** My scheduled messages: follow-ups assigned to no one that I created (spec 000 §2, widget 6). */
const mine = () => ({ assignTo: 'none' as const, createdByUser: bus.session$.value?.user.id });
const counts = () => followUpsApi.counts(mine());
const bucket = (b: FollowUpBucket) => followUpsApi.bucket(b, mine());

function ScheduledRow({ f, pastDue }: { f: FollowUp; pastDue: boolean }) {
  const { token } = theme.useToken();
  const where = f.smsRoom ? `/messages/${f.smsRoom}` : f.client ? `/contacts/contact/${f.client}` : null;
  return (
    <div
      style={{ height: '100%', padding: '6px 8px', boxSizing: 'border-box', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      data-testid="widget-scheduled-message"
    >
      <Typography.Text type={pastDue ? 'danger' : undefined} style={{ fontSize: 12, display: 'block' }}>
        {formatDateTime(f.messageAt ?? f.date)} · {where ? <Link to={where}>{f.clientName ?? formatPhone(f.messageTo)}</Link> : formatPhone(f.messageTo)}
      </Typography.Text>
      <Typography.Text ellipsis style={{ display: 'block', color: pastDue ? token.colorErrorText : undefined }}>
        {f.message}
      </Typography.Text>
    </div>
  );
}
const row = (f: FollowUp, pastDue: boolean) => <ScheduledRow f={f} pastDue={pastDue} />;

export function ScheduledMessagesWidget() {
  return (
    <BucketWidget title="Scheduled Messages" testId="scheduled-messages-widget" noun="scheduled messages" counts={counts} bucket={bucket} row={row}>
      <FeedbackBridge />
    </BucketWidget>
  );
}
