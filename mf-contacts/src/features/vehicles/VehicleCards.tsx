import { useState } from 'react';
import { VEHICLE_FORMS, isVehicle, type Vehicle, type VehicleForm } from '@agency/contracts';
import { quotesApi } from '@agency/api-client';
import { confirmAction, formatCents, withToasts } from '@agency/ui';
import { Facts, RecordCard, RecordSection } from '../common/RecordCards';
import { labelOf } from '../common/labels';
import { MSG } from '../common/messages';
import { useContact } from '../detail/ContactContext';
import { FORM_LABELS, VehicleDialog } from './VehicleDialog';

export const vehicleTitle = (v: Pick<Vehicle, 'year' | 'make' | 'model' | 'type'>) => [v.year, v.make, v.model].filter(Boolean).join(' ') || labelOf(v.type);

/** The Auto tab: vehicles in their groups (auto, rv, rec, water). */
export function VehicleCards() {
  const { id, full, reload } = useContact();
  const [editing, setEditing] = useState<{ group: VehicleForm; vehicle: Vehicle | null } | null>(null);
  const vehicles = full.quotes.filter(isVehicle);
  const remove = async (v: Vehicle) => {
    if (!(await confirmAction(MSG.miscDeleteConfirm(vehicleTitle(v))))) return;
    await withToasts(quotesApi.remove(id, v.id), MSG.vehicleDeleted, (m) => MSG.recordFailed('deleting', 'vehicle', m)).catch(() => undefined);
    await reload();
  };
  return (
    <>
      {VEHICLE_FORMS.map((group) => {
        const list = vehicles.filter((v) => v.form === group);
        return (
          <RecordSection
            key={group}
            title={`${FORM_LABELS[group]} Vehicles`}
            addLabel={`Add ${FORM_LABELS[group]}`}
            onAdd={() => setEditing({ group, vehicle: null })}
            empty={`No ${FORM_LABELS[group].toLowerCase()} vehicles`}
            count={list.length}
          >
            {list.map((v) => (
              <RecordCard
                key={v.id}
                testId="vehicle-card"
                title={vehicleTitle(v)}
                onEdit={() => setEditing({ group, vehicle: v })}
                onDelete={() => void remove(v)}
              >
                <Facts
                  items={[
                    ['Type', labelOf(v.type)],
                    [group === 'water' ? 'Hull ID' : 'VIN', v.vin],
                    ['Value', v.autoValue === null ? null : formatCents(v.autoValue)],
                    ['Carrier', v.carrier],
                    ['Premium', v.premium === null ? null : formatCents(v.premium)],
                    ['Expires', v.expirationDate],
                    ['Primary Driver', v.primaryDriver],
                    ['Lien Holder', v.leinHolder?.name],
                  ]}
                />
              </RecordCard>
            ))}
          </RecordSection>
        );
      })}
      <VehicleDialog open={editing !== null} vehicle={editing?.vehicle ?? null} group={editing?.group ?? 'auto'} onClose={() => setEditing(null)} />
    </>
  );
}
