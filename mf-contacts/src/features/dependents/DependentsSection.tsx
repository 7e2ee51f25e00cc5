import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import type { Dependent } from '@agency/contracts';
import { dependentsApi, errorMessage } from '@agency/api-client';
import { confirmAction, notifyError, withToasts } from '@agency/ui';
import { Facts, RecordCard, RecordSection } from '../common/RecordCards';
import { MSG } from '../common/messages';
import { useDialog } from '../common/useDialog';
import { useContact } from '../detail/ContactContext';
import { DependentDialog } from './DependentDialog';

export const dependentName = (d: Pick<Dependent, 'firstName' | 'lastName'>) => [d.firstName, d.lastName].filter(Boolean).join(' ') || 'Dependent';

/** A sealed number of a dependent (SSN or licence), masked until its eye button reveals it. */
const SEALED_NAMES = { ssn: 'SSN', dlId: "Driver's License", dob: 'Date of Birth' } as const;

function SealedFact({ clientId, dependent, field }: { clientId: string; dependent: Dependent; field: keyof typeof SEALED_NAMES }) {
  const [shown, setShown] = useState<string | null>(null);
  const reveal = async () => {
    try {
      setShown(await dependentsApi.reveal(clientId, dependent.id, field));
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };
  return (
    <span>
      {shown ?? dependent[field]}
      {shown ? null : (
        <Tooltip title="Reveal">
          <Button
            type="text"
            size="small"
            icon={<EyeOutlined />}
            aria-label={`Reveal ${SEALED_NAMES[field]} of ${dependentName(dependent)}`}
            onClick={() => void reveal()}
          />
        </Tooltip>
      )}
    </span>
  );
}

/** The household's dependents as cards with add, edit and delete. */
export function DependentsSection() {
  const { id, full, reload } = useContact();
  const dialog = useDialog<Dependent>();
  const remove = async (d: Dependent) => {
    if (!(await confirmAction(MSG.miscDeleteConfirm(dependentName(d))))) return;
    await withToasts(dependentsApi.remove(id, d.id), MSG.dependentRemoved, (m) => MSG.recordFailed('deleting', 'dependent', m)).catch(() => undefined);
    await reload();
  };
  return (
    <div style={{ marginTop: 16 }}>
      <RecordSection title="Dependents" addLabel="Add Dependent" onAdd={dialog.openNew} empty="No dependents" count={full.dependents.length}>
        {full.dependents.map((d) => {
          return (
            <RecordCard key={d.id} testId="dependent-card" title={dependentName(d)} onEdit={() => dialog.openEdit(d)} onDelete={() => void remove(d)}>
              <Facts
                items={[
                  ['Relationship', d.relationship],
                  ['Gender', d.gender],
                  ['Born', d.dob ? <SealedFact clientId={id} dependent={d} field="dob" /> : null],
                  ['Age', d.age === null ? null : String(d.age)],
                  ['SSN', d.ssn ? <SealedFact clientId={id} dependent={d} field="ssn" /> : null],
                  [
                    "Driver's License",
                    d.dlId ? (
                      <span>
                        <SealedFact clientId={id} dependent={d} field="dlId" /> {d.dlState}
                      </span>
                    ) : (
                      d.dlState
                    ),
                  ],
                  ['Good Student', d.goodStudent],
                  ['Notes', d.notes],
                ]}
              />
            </RecordCard>
          );
        })}
      </RecordSection>
      <DependentDialog open={dialog.open} dependent={dialog.record} onClose={dialog.close} />
    </div>
  );
}
