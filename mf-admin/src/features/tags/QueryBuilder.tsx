import { Button, Card, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { TAG_QUERY_FIELDS } from '@agency/contracts';
import {
  OPERATORS_BY_TYPE,
  emptyRule,
  fieldOf,
  isListOperator,
  needsValue,
  newId,
  operatorLabel,
  recordOf,
  ruleProblem,
  type Operator,
  type QueryGroup,
  type QueryRule,
} from './queryBuilder';

const SCOPE_OPTIONS = [
  { value: 'contact', label: 'the contact' },
  { value: 'addresses', label: 'one address' },
  { value: 'policies', label: 'one policy' },
];

function fieldOptions(record?: 'addresses' | 'policies') {
  return TAG_QUERY_FIELDS.filter((f) => (record ? recordOf(f.name) === record : true)).map((f) => ({ value: f.name, label: f.label }));
}

function ValueInput({ rule, label, onChange }: { rule: QueryRule; label: string; onChange: (value: string | string[]) => void }) {
  const field = fieldOf(rule.field);
  if (!field || !needsValue(rule.operator)) return null;
  const list = isListOperator(rule.operator);
  if (list) {
    return (
      <Select
        aria-label={label}
        mode={field.values ? 'multiple' : 'tags'}
        value={Array.isArray(rule.value) ? rule.value : []}
        onChange={(v: string[]) => onChange(v)}
        options={(field.values ?? []).map((v) => ({ value: v, label: v }))}
        tokenSeparators={[',']}
        placeholder="Values"
        style={{ minWidth: 200, flex: 1 }}
      />
    );
  }
  const text = typeof rule.value === 'string' ? rule.value : '';
  if (field.values) {
    return (
      <Select
        aria-label={label}
        value={text || undefined}
        onChange={(v: string) => onChange(v)}
        options={field.values.map((v) => ({ value: v, label: v }))}
        placeholder="Value"
        style={{ minWidth: 160, flex: 1 }}
      />
    );
  }
  return (
    <Input
      aria-label={label}
      type={field.type === 'date' ? 'date' : 'text'}
      inputMode={field.type === 'number' ? 'numeric' : undefined}
      value={text}
      onChange={(e) => onChange(e.target.value)}
      placeholder={field.type === 'number' ? 'Number' : 'Value'}
      style={{ minWidth: 160, flex: 1 }}
      status={text && ruleProblem(rule) ? 'error' : undefined}
    />
  );
}

function RuleRow({
  rule,
  path,
  record,
  onChange,
  onRemove,
}: {
  rule: QueryRule;
  path: string;
  record?: 'addresses' | 'policies';
  onChange: (r: QueryRule) => void;
  onRemove?: () => void;
}) {
  const field = fieldOf(rule.field);
  const operators = field ? OPERATORS_BY_TYPE[field.type] : [];
  const problem = ruleProblem(rule);
  return (
    <div role="group" aria-label={`Rule ${path}`} style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
      <Select
        aria-label={`Rule ${path} field`}
        showSearch={{ optionFilterProp: 'label' }}
        value={rule.field}
        options={fieldOptions(record)}
        onChange={(name: string) => {
          const next = fieldOf(name)!;
          const keep = OPERATORS_BY_TYPE[next.type].includes(rule.operator) && next.type === field?.type;
          onChange({ ...rule, field: name, operator: keep ? rule.operator : 'eq', value: keep ? rule.value : '' });
        }}
        style={{ width: 220 }}
      />
      <Select
        aria-label={`Rule ${path} condition`}
        value={rule.operator}
        options={operators.map((op) => ({ value: op, label: field ? operatorLabel(field.type, op) : op }))}
        onChange={(op: Operator) =>
          onChange({
            ...rule,
            operator: op,
            value: isListOperator(op)
              ? Array.isArray(rule.value)
                ? rule.value
                : rule.value
                  ? [rule.value]
                  : []
              : Array.isArray(rule.value)
                ? (rule.value[0] ?? '')
                : rule.value,
          })
        }
        style={{ width: 170 }}
      />
      <ValueInput rule={rule} label={`Rule ${path} value`} onChange={(value) => onChange({ ...rule, value })} />
      {onRemove ? <Button type="text" aria-label={`Remove rule ${path}`} icon={<DeleteOutlined />} onClick={onRemove} /> : null}
      {problem && problem !== 'Enter a value' ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {problem}
        </Typography.Text>
      ) : null}
    </div>
  );
}

interface GroupProps {
  group: QueryGroup;
  path: string;
  /** The record a surrounding group is tied to (its rules may only name that record's fields). */
  inherited?: 'addresses' | 'policies';
  onChange: (g: QueryGroup) => void;
  onRemove?: () => void;
}

function GroupEditor({ group, path, inherited, onChange, onRemove }: GroupProps) {
  const record = group.record ?? inherited;
  const prefix = path ? `${path}.` : '';
  const setRule = (i: number, r: QueryRule | QueryGroup) => onChange({ ...group, rules: group.rules.map((x, j) => (j === i ? r : x)) });
  const remove = (i: number) => onChange({ ...group, rules: group.rules.filter((_, j) => j !== i) });
  const firstField = record ? fieldOptions(record)[0].value : 'addresses.state';
  const title = path ? `Group ${path}` : 'Query';
  return (
    <Card size="small" role="group" aria-label={title} style={{ marginBottom: 8 }} styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8 } }}>
      <Space wrap align="center">
        <Typography.Text>Match</Typography.Text>
        <Select
          aria-label={`${title}: match all or any`}
          value={group.combinator}
          options={[
            { value: 'and', label: 'all' },
            { value: 'or', label: 'any' },
          ]}
          onChange={(combinator: 'and' | 'or') => onChange({ ...group, combinator })}
          style={{ width: 80 }}
        />
        <Typography.Text>of these rules, for</Typography.Text>
        <Select
          aria-label={`${title}: rules apply to`}
          value={group.record ?? (inherited ? inherited : 'contact')}
          disabled={!!inherited}
          options={SCOPE_OPTIONS}
          onChange={(scope: string) => {
            const next = scope === 'contact' ? undefined : (scope as 'addresses' | 'policies');
            // rules that name another record's fields do not fit a group tied to this one
            const fits = (r: QueryRule | QueryGroup) => !next || (r.kind === 'rule' ? recordOf(r.field) === next : !r.record || r.record === next);
            const rules = group.rules.filter(fits);
            onChange({ ...group, record: next, rules: rules.length ? rules : [emptyRule(next ? fieldOptions(next)[0].value : 'addresses.state')] });
          }}
          style={{ width: 140 }}
        />
        {onRemove ? <Button type="text" aria-label={`Remove ${title.toLowerCase()}`} icon={<DeleteOutlined />} onClick={onRemove} /> : null}
      </Space>
      {group.rules.map((r, i) =>
        r.kind === 'rule' ? (
          <RuleRow
            key={r.id}
            rule={r}
            path={`${prefix}${i + 1}`}
            record={record}
            onChange={(x) => setRule(i, x)}
            onRemove={group.rules.length > 1 || onRemove ? () => remove(i) : undefined}
          />
        ) : (
          <GroupEditor key={r.id} group={r} path={`${prefix}${i + 1}`} inherited={record} onChange={(x) => setRule(i, x)} onRemove={() => remove(i)} />
        ),
      )}
      <Space>
        <Button size="small" icon={<PlusOutlined />} onClick={() => onChange({ ...group, rules: [...group.rules, emptyRule(firstField)] })}>
          Add rule
        </Button>
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() =>
            onChange({
              ...group,
              rules: [...group.rules, { kind: 'group', id: newId(), combinator: group.combinator === 'and' ? 'or' : 'and', rules: [emptyRule(firstField)] }],
            })
          }
        >
          Add group
        </Button>
      </Space>
    </Card>
  );
}

/** The dynamic tag's query, edited as groups of rules over the contact fields offered to tags. */
export function QueryBuilder({ value, onChange }: { value: QueryGroup; onChange: (g: QueryGroup) => void }) {
  return <GroupEditor group={value} path="" onChange={onChange} />;
}
