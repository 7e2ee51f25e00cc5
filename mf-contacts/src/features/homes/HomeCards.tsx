import type { Home } from '@agency/contracts';
import { quotesApi } from '@agency/api-client';
import { confirmAction, formatCents, withToasts } from '@agency/ui';
import { Facts, RecordCard, RecordSection } from '../common/RecordCards';
import { MSG } from '../common/messages';
import { useDialog } from '../common/useDialog';
import { useContact } from '../detail/ContactContext';
import { HomeDialog } from './HomeDialog';

export const homeTitle = (h: Home) => h.address || [h.usage, h.type].filter(Boolean).join(' ') || 'Home';

/** The Home tab. Delete reuses the vehicle wording of the catalogue. */
export function HomeCards() {
  const { id, full, reload } = useContact();
  const dialog = useDialog<Home>();
  const homes = full.quotes.filter((q): q is Home => q.form === 'home');
  const remove = async (h: Home) => {
    if (!(await confirmAction(MSG.miscDeleteConfirm(homeTitle(h))))) return;
    await withToasts(quotesApi.remove(id, h.id), MSG.homeDeleted, (m) => MSG.recordFailed('deleting', 'vehicle', m)).catch(() => undefined);
    await reload();
  };
  return (
    <>
      <RecordSection title="Homes" addLabel="Add Home" onAdd={dialog.openNew} empty="No homes" count={homes.length}>
        {homes.map((h) => (
          <RecordCard key={h.id} testId="home-card" title={homeTitle(h)} onEdit={() => dialog.openEdit(h)} onDelete={() => void remove(h)}>
            <Facts
              items={[
                ['Location', [h.city, [h.state, h.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ')],
                ['Type', h.type],
                ['Usage', h.usage],
                ['Year Built', h.yearBuilt],
                ['Living Area', h.livingAreaSqft ? `${h.livingAreaSqft.toLocaleString('en-US')} sqft` : null],
                ['Carrier', h.coverage?.carrier],
                ['Dwelling', h.coverage?.dwelling ? formatCents(h.coverage.dwelling) : null],
                ['Premium', h.coverage?.premium ? formatCents(h.coverage.premium) : null],
              ]}
            />
          </RecordCard>
        ))}
      </RecordSection>
      <HomeDialog open={dialog.open} home={dialog.record} onClose={dialog.close} />
    </>
  );
}
