import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Card, Flex, theme, Typography } from 'antd';
import { bus } from '@agency/bus';
import { useObservable } from '@agency/ui';
import { setupTasks } from './setupTasks';

/** Dashboard widget: the setup checklist for the admin roles (the shell celebrates its completion, wherever the last task is done). */
export function UrgentTasks() {
  const session = useObservable(bus.session$);
  const { token } = theme.useToken();
  const tasks = useMemo(() => setupTasks(session), [session]);

  if (!tasks.length) return null;
  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <span>Urgent Tasks</span>
          <Badge count={tasks.length} aria-label={`${tasks.length} setup tasks left`} />
        </Flex>
      }
      size="small"
    >
      <ul aria-label="Setup tasks" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {tasks.map((t, i) => (
          <li key={t.key} data-task={t.key} style={{ padding: '8px 0', borderTop: i ? `1px solid ${token.colorSplit}` : undefined }}>
            <Flex gap={16} align="center" justify="space-between" wrap>
              <div>
                <Typography.Text strong>{t.title}</Typography.Text>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {t.description}
                </Typography.Paragraph>
              </div>
              <Link to={t.to} style={{ fontWeight: 500 }}>
                {t.action}
              </Link>
            </Flex>
          </li>
        ))}
      </ul>
    </Card>
  );
}
