import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { describePreflightProblem } from '@agency/contracts';
import type { ShellMismatchError } from './shellFit';
import { reloadPage } from './reloadPage';

/** The area's words for a release the shell cannot serve: which shell it needs, what it would do about it, and what is missing. */
export function shellMismatchWords(title: string, error: ShellMismatchError): { headline: string; detail: string } {
  const newer = error.shell === 'newer';
  return {
    headline: `${title} needs ${newer ? 'a newer' : 'an older'} shell`,
    detail: newer
      ? `The active release of ${title} was built for a newer version of the app than the one open. Reload the page to update; if this stays, the app's release has not caught up: ops can roll ${title} back.`
      : `The active release of ${title} was built for an earlier version of the app, which no longer provides what it needs. Ops can release ${title} again or roll it back.`,
  };
}

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
