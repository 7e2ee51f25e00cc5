import { Typography } from 'antd';
import type { Policy } from '@agency/contracts';
import { policiesApi } from '@agency/api-client';
import { confirmAction, formatCents, withToasts } from '@agency/ui';
import { Facts, RecordCard, RecordSection } from '../common/RecordCards';
import { MSG } from '../common/messages';
import { useDialog } from '../common/useDialog';
import { useUsers, userLabel } from '../common/useUsers';
import { useContact } from '../detail/ContactContext';
import { paymentLabel } from '../payments/format';
import { PolicyDialog } from './PolicyDialog';

export const policyTitle = (p: Policy) => [p.company, p.type].filter(Boolean).join(' ') || 'Policy';

/** The Policy tab. */
export function PolicyCards() {
  const { id, full, reload } = useContact();
  const users = useUsers();
  const dialog = useDialog<Policy>();
  const remove = async (p: Policy) => {
    if (!(await confirmAction(MSG.miscDeleteConfirm(policyTitle(p))))) return;
    await withToasts(policiesApi.remove(id, p.id), MSG.policyDeleted, (m) => MSG.recordFailed('deleting', 'policy', m)).catch(() => undefined);
    await reload();
  };
  const payment = (p: Policy) => {
    if (p.paymentMethod === 'other') return p.paymentMethodOther ?? 'Other';
    const m = full.paymentMethods.find((x) => x.id === p.paymentMethod);
    return m ? paymentLabel(m) : null;
  };
  return (
    <>
      <RecordSection title="Policies" addLabel="Add Policy" onAdd={dialog.openNew} empty="No policies" count={full.policies.length}>
        {full.policies.map((p) => {
          const manager = users.find((u) => u.id === p.managedBy);
          return (
            <RecordCard key={p.id} testId="policy-card" title={policyTitle(p)} onEdit={() => dialog.openEdit(p)} onDelete={() => void remove(p)}>
              <Facts
                items={[
                  ['Plan', p.plan],
                  ['Policy Number', p.idNumber],
                  ['Premium', p.premium === null ? null : formatCents(p.premium)],
                  ['Enrolled Via', p.enrolledVia],
                  ['Issued', p.issueDate],
                  ['Effective', p.effectiveDate],
                  ['Term', p.termDate],
                  ['Payment', payment(p)],
                  ['Managed By', manager ? userLabel(manager) : null],
                  [
                    'Link',
                    p.link ? (
                      <Typography.Link href={/^https?:/i.test(p.link) ? p.link : `https://${p.link}`} target="_blank" rel="noreferrer">
                        {p.link}
                      </Typography.Link>
                    ) : null,
                  ],
                  ['Notes', p.notes],
                ]}
              />
            </RecordCard>
          );
        })}
      </RecordSection>
      <PolicyDialog open={dialog.open} policy={dialog.record} onClose={dialog.close} />
    </>
  );
}
