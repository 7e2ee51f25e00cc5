import { Alert, Button } from 'antd';

/** A failed load, said above what it failed to fill, with a Retry that loads again. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={message}
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
