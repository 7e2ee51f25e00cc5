import type { ReactNode } from 'react';
import { Tooltip, theme } from 'antd';
import { ExclamationCircleFilled, QuestionCircleOutlined, SafetyCertificateFilled, WarningFilled } from '@ant-design/icons';
import type { CallerVerification } from '@agency/contracts';

/** What each verification says: its accessible name, its tooltip, and its icon (spec 000 "Active-call bar"). */
const SHOWN: Record<CallerVerification, { name: string; tip: string; icon: (colors: { ok: string; warn: string; bad: string; quiet: string }) => ReactNode }> =
  {
    verified: {
      name: 'Verified caller',
      tip: "The carrier verified the caller's number",
      icon: (c) => <SafetyCertificateFilled style={{ color: c.ok }} />,
    },
    unverified: {
      name: 'Unverified caller',
      tip: "The carrier could not fully verify the caller's number",
      icon: (c) => <QuestionCircleOutlined style={{ color: c.quiet }} />,
    },
    spam: {
      name: 'Spam caller',
      tip: 'The carrier reports this number as spam',
      icon: (c) => <WarningFilled style={{ color: c.warn }} />,
    },
    fraud: {
      name: 'Fraud caller',
      tip: "The caller's number failed verification: it may be spoofed",
      icon: (c) => <ExclamationCircleFilled style={{ color: c.bad }} />,
    },
  };

/** The verification icon beside a caller: nothing when the carrier said nothing. */
export function CallerVerificationIcon({ verification }: { verification: CallerVerification | null | undefined }) {
  const { token } = theme.useToken();
  if (!verification) return null;
  const shown = SHOWN[verification];
  return (
    <Tooltip title={shown.tip}>
      <span role="img" aria-label={shown.name} data-verification={verification} style={{ display: 'inline-flex', flex: 'none' }}>
        {shown.icon({ ok: token.colorSuccess, warn: token.colorWarning, bad: token.colorError, quiet: token.colorTextTertiary })}
      </span>
    </Tooltip>
  );
}
