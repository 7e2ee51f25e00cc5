import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Col, Row, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { formatCents, formatDollars } from '@agency/ui';
import { Facts } from '../common/RecordCards';
import { useContact } from '../detail/ContactContext';
import { hasPerson, personName, personOf, type Person } from '../detail/person';
import { dependentName } from '../dependents/DependentsSection';

const money = (cents: number | null) => (cents === null ? null : formatCents(cents));
const list = (items: string[]) => (items.length ? items.join(', ') : null);

function healthFacts(p: Person): Array<[string, ReactNode]> {
  return [
    ['Age', p.age?.toString() ?? null],
    ['Health History', p.healthHistory],
    ['Smoker', p.smoker === null ? null : p.smoker ? 'Yes' : 'No'],
    ['Height', p.height],
    ['Weight', p.weight ? `${p.weight} lbs` : null],
    ['Network', p.healthNetwork],
    ['Plan', p.healthPlanName],
    ['Member ID', p.healthMemberId],
    ['Monthly Premium', money(p.healthMonthlyPremium)],
    ['Doctors', list(p.doctors)],
    ['Rx', list(p.rx)],
    ['MBI', p.healthMBI],
    ['Medicaid', p.healthMedicaid],
  ];
}

function lifeFacts(p: Person): Array<[string, ReactNode]> {
  return [
    ['Age', p.age?.toString() ?? null],
    ['Smoker', p.smoker === null ? null : p.smoker ? 'Yes' : 'No'],
    ['Occupation', p.occupation],
    ['Income', p.income === null ? null : formatDollars(p.income / 100)],
    ['Preferred Benefit', money(p.lifePreferredBenefitAmount)],
    ['Monthly Premium Budget', money(p.lifeMonthlyPremiumBudget)],
    ['Tax Dependents Claimed', p.taxNumClaimed],
  ];
}

/** The Health or Life tab: a summary card for the primary, the secondary and each dependent. */
export function SummaryCards({ kind }: { kind: 'health' | 'life' }) {
  const { id, full } = useContact();
  const navigate = useNavigate();
  const people: Array<{ key: string; title: string; facts: Array<[string, ReactNode]>; edit?: string }> = [];
  const facts = kind === 'health' ? healthFacts : lifeFacts;
  const primary = personOf(full.client, 'primary');
  people.push({ key: 'primary', title: personName(primary) || 'Primary', facts: facts(primary), edit: `/contacts/contact/${id}/${kind}/edit` });
  const secondary = personOf(full.client, 'secondary');
  if (full.client.hasDual || hasPerson(secondary)) {
    people.push({ key: 'secondary', title: personName(secondary) || 'Secondary', facts: facts(secondary), edit: `/contacts/contact/${id}/${kind}/edit` });
  }
  for (const d of full.dependents) {
    people.push({
      key: d.id,
      title: dependentName(d),
      facts: [
        ['Relationship', d.relationship],
        ['Age', d.age?.toString() ?? null],
        ['Gender', d.gender],
        ['Notes', d.notes],
      ],
    });
  }
  if (kind === 'life' && full.client.householdGrossIncome !== null) {
    people[0].facts.push(['Household Income', formatDollars(full.client.householdGrossIncome / 100)]);
  }
  return (
    <Row gutter={[12, 12]}>
      {people.map((p) => (
        <Col key={p.key} xs={24} md={12} xxl={8}>
          <Card
            size="small"
            title={p.title}
            data-testid={`${kind}-card`}
            extra={
              p.edit ? (
                <Tooltip title="Edit">
                  <Button type="text" size="small" icon={<EditOutlined />} aria-label={`Edit ${kind} of ${p.title}`} onClick={() => navigate(p.edit!)} />
                </Tooltip>
              ) : null
            }
          >
            <Facts items={p.facts} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
