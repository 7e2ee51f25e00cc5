import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { WarningFilled } from '@ant-design/icons';

/**
 * What a remote's area shows when it fails to load or throws; the rest of the app keeps working.
 * Drawn as antd's warning result is, from the components the dashboard already loads (antd's Result
 * carries its 403, 404 and 500 illustrations, 10 KB gzip, wherever it is drawn).
 */
export function ErrorCard({ title, detail, onRetry }: { title: string; detail?: string; onRetry: () => void }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={token.marginSM} style={{ padding: `${token.paddingLG * 2}px ${token.paddingLG}px`, textAlign: 'center' }}>
      <WarningFilled aria-hidden style={{ fontSize: 72, color: token.colorWarning, marginBottom: token.marginSM }} />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {detail && <Typography.Text type="secondary">{detail}</Typography.Text>}
      <Button type="primary" onClick={onRetry} style={{ marginTop: token.marginSM }}>
        Retry
      </Button>
    </Flex>
  );
}
