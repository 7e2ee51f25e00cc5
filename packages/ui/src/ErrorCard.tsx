import Button from 'antd/es/button';
import Result from 'antd/es/result';

/** What a remote's area shows when it fails to load or throws; the rest of the app keeps working. */
export function ErrorCard({ title, detail, onRetry }: { title: string; detail?: string; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
