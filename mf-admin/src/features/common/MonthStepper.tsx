import { Button, Flex, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';

/** MM/yyyy of a month. */
export const monthKey = (d: Date) => `${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
/** The first day of the month `d` falls in. */
export const startOfMonth = (d: Date) => new Date(d.getFullYear(), d.getMonth(), 1);

/** Previous / next month around MM/yyyy; no month after the current one. */
export function MonthStepper({ month, onChange, disabled }: { month: Date; onChange: (month: Date) => void; disabled?: boolean }) {
  const next = new Date(month.getFullYear(), month.getMonth() + 1, 1);
  const step = (by: number) => onChange(new Date(month.getFullYear(), month.getMonth() + by, 1));
  return (
    <Flex align="center" gap={4} role="group" aria-label="Month">
      <Button type="text" size="small" icon={<LeftOutlined />} aria-label="Previous month" disabled={disabled} onClick={() => step(-1)} />
      <Typography.Text aria-live="polite" style={{ minWidth: 60, textAlign: 'center' }}>
        {monthKey(month)}
      </Typography.Text>
      <Button type="text" size="small" icon={<RightOutlined />} aria-label="Next month" disabled={disabled || next > new Date()} onClick={() => step(1)} />
    </Flex>
  );
}
