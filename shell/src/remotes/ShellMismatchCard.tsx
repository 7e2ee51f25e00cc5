import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { describePreflightProblem } from '@agency/contracts';
import { shellMismatchWords, type ShellMismatchError } from './shellFit';
import { reloadPage } from './reloadPage';

/** In a remote's area: it needs a newer (or older) shell, in words, with what is missing and Reload. */
export function ShellMismatchCard({ title, error, onReload = reloadPage }: { title: string; error: ShellMismatchError; onReload?: () => void }) {
  const { headline, detail } = shellMismatchWords(title, error);
  return (
    <Result
      status="warning"
      title={headline}
      subTitle={
        <>
          <div>{detail}</div>
          <div>Missing: {error.problems.map(describePreflightProblem).join('; ')}.</div>
        </>
      }
      extra={
        <Button type="primary" onClick={onReload}>
          Reload
        </Button>
      }
    />
  );
}
