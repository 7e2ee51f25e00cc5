import { useMemo, useState } from 'react';
import { Button, Flex, Typography, theme } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import moment from 'moment-timezone';
import { campaignOccurrences, type Campaign } from '@agency/contracts';
import { WEEKDAYS } from './schedule';

type ScheduleFields = Pick<
  Campaign,
  'scheduleOccurrence' | 'scheduleInterval' | 'scheduleIntervalOn' | 'scheduleStartOn' | 'scheduleEndFormat' | 'scheduleEndValue'
>;

/** A month calendar of the coming occurrences, counted in the account's zone (where the runs happen). */
export function MonthPreview({ schedule, timezone }: { schedule: ScheduleFields | null; timezone: string }) {
  const { token } = theme.useToken();
  const [month, setMonth] = useState(() =>
    moment
      .tz(schedule?.scheduleStartOn ?? Date.now(), timezone)
      .startOf('month')
      .format('YYYY-MM'),
  );
  const first = moment.tz(`${month}-01`, 'YYYY-MM-DD', timezone);

  const days = useMemo(() => {
    const start = moment.tz(`${month}-01`, 'YYYY-MM-DD', timezone);
    const end = start.clone().add(1, 'month');
    const hits = new Map<number, string>();
    if (schedule) {
      for (const at of campaignOccurrences(schedule, { timezone, from: start.toDate(), until: end.toDate(), limit: 62 })) {
        const local = moment(at).tz(timezone);
        hits.set(local.date(), local.format('h:mm A'));
      }
    }
    return hits;
  }, [schedule, month, timezone]);

  const blanks = first.day();
  const count = first.daysInMonth();
  const cells = [...Array.from({ length: blanks }, () => null), ...Array.from({ length: count }, (_, i) => i + 1)];
  const runs = days.size;

  return (
    <div aria-label="Occurrence preview" role="group" style={{ maxWidth: 420 }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Button
          size="small"
          type="text"
          icon={<LeftOutlined />}
          aria-label="Previous month"
          onClick={() => setMonth(first.clone().subtract(1, 'month').format('YYYY-MM'))}
        />
        <Typography.Text strong data-testid="preview-month">
          {first.format('MMMM YYYY')}
        </Typography.Text>
        <Button
          size="small"
          type="text"
          icon={<RightOutlined />}
          aria-label="Next month"
          onClick={() => setMonth(first.clone().add(1, 'month').format('YYYY-MM'))}
        />
      </Flex>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4, textAlign: 'center' }}>
        {WEEKDAYS.map((d) => (
          <Typography.Text key={d} type="secondary" style={{ fontSize: 12 }}>
            {d}
          </Typography.Text>
        ))}
        {cells.map((d, i) => {
          const at = d ? days.get(d) : undefined;
          return (
            <div
              key={i}
              data-testid={at ? 'occurrence-day' : undefined}
              title={at ? `${first.format('MMMM')} ${d} at ${at}` : undefined}
              style={{
                padding: '6px 0',
                borderRadius: token.borderRadiusSM,
                background: at ? token.colorPrimary : 'transparent',
                color: at ? token.colorTextLightSolid : d ? token.colorText : undefined,
                fontWeight: at ? 600 : 400,
              }}
            >
              {d ?? ''}
            </div>
          );
        })}
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
        {runs ? `${runs} run${runs === 1 ? '' : 's'} this month` : 'No runs this month'} · times in {timezone}
      </Typography.Text>
    </div>
  );
}
