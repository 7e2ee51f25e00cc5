import type { Commercial } from '@agency/contracts';
import { quotesApi } from '@agency/api-client';
import { confirmAction, formatCents, withToasts } from '@agency/ui';
import { Facts, RecordCard, RecordSection } from '../common/RecordCards';
import { MSG } from '../common/messages';
import { useDialog } from '../common/useDialog';
import { useContact } from '../detail/ContactContext';
import { CommercialDialog } from './CommercialDialog';

export const commercialTitle = (c: Commercial) => c.companyName || c.dba || 'Commercial Account';

/** The Commercial tab: cards plus Add Commercial. */
export function CommercialCards() {
  const { id, full, reload } = useContact();
  const dialog = useDialog<Commercial>();
  const list = full.quotes.filter((q): q is Commercial => q.form === 'commercial');
  const remove = async (c: Commercial) => {
    if (!(await confirmAction(MSG.miscDeleteConfirm(commercialTitle(c))))) return;
    await withToasts(quotesApi.remove(id, c.id), MSG.commercialDeleted, () => MSG.commercialDeleteFailed).catch(() => undefined);
    await reload();
  };
  return (
    <>
      <RecordSection title="Commercial" addLabel="Add Commercial" onAdd={dialog.openNew} empty="No commercial accounts" count={list.length}>
        {list.map((c) => (
          <RecordCard key={c.id} testId="commercial-card" title={commercialTitle(c)} onEdit={() => dialog.openEdit(c)} onDelete={() => void remove(c)}>
            <Facts
              items={[
                ['DBA', c.dba],
                ['Entity', c.entityType],
                ['EIN', c.ein],
                ['Business', c.businessType],
                ['Employees', c.numberOfEmployees],
                ['Annual Income', c.annualIncome ? formatCents(c.annualIncome) : null],
                ['Started', c.startDate],
                ['Locations', c.locations?.length ? String(c.locations.length) : null],
              ]}
            />
          </RecordCard>
        ))}
      </RecordSection>
      <CommercialDialog open={dialog.open} commercial={dialog.record} onClose={dialog.close} />
    </>
  );
}
