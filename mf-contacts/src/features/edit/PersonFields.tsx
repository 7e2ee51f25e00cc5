import { Checkbox, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import {
  GENDERS,
  HEALTH_HISTORIES,
  IMMIGRANT_STATUSES,
  MILITARY_STATUSES,
  RELATIONSHIP_STATUSES,
  type ClientLevel,
  type PersonField,
  type RevealableClientField,
} from '@agency/contracts';
import { clientsApi } from '@agency/api-client';
import { DateInput, HeightInput, MoneyInput, PhoneInput, SealedInput, SsnInput } from '../common/inputs';
import { maskDate } from '@agency/ui';
import { labelOf } from '../common/labels';
import { SmartSelect } from '../common/SmartSelect';
import { fieldName } from '../detail/person';
import { isSelfEmployed, selfEmployedChange } from './selfEmployed';

const options = (values: readonly string[], label: (v: string) => string = (v) => v) => values.map((v) => ({ value: v, label: label(v) }));
const IMMIGRANT_LABELS: Record<string, string> = { na: 'N/A', greenCard: 'Green Card', sturdentVisa: 'Student Visa' };

function useNames(level: ClientLevel) {
  return (f: PersonField) => fieldName(f, level);
}

/** The stored contact whose sealed numbers the eye buttons reveal (none while creating). */
type Sealed = { clientId?: string };
const revealer = (clientId: string | undefined, field: string) => (clientId ? () => clientsApi.reveal(clientId, field as RevealableClientField) : undefined);

const cell = (node: React.ReactNode, span = 8) => (
  <Col xs={24} md={span}>
    {node}
  </Col>
);

/** Names, company, contact details, gender, relationship, birth: what Create asks for each person. */
export function BasicFields({ level, autoFocus, clientId }: { level: ClientLevel; autoFocus?: boolean } & Sealed) {
  const n = useNames(level);
  return (
    <Row gutter={12}>
      {cell(
        <Form.Item name={n('firstName')} label="First Name">
          <Input autoFocus={autoFocus} />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('preferredFirstName')} label="Preferred First Name">
          <Input />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('lastName')} label="Last Name">
          <Input />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('suffix')} label="Suffix">
          <Input />
        </Form.Item>,
        4,
      )}
      {cell(
        <Form.Item name={n('companyName')} label="Company">
          <Input />
        </Form.Item>,
        12,
      )}
      {cell(
        <Form.Item name={n('status')} label="Status">
          <Select allowClear options={options(RELATIONSHIP_STATUSES)} />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('email')} label="Email" rules={[{ type: 'email', message: 'Enter a valid email address' }]}>
          <Input type="email" />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('mobilePhone')} label="Mobile Phone">
          <PhoneInput />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('phone')} label="Home Phone">
          <PhoneInput />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('gender')} label="Gender">
          <Select allowClear options={options(GENDERS)} />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('dob')} label="Date of Birth">
          <SealedInput label="Date of Birth" format={maskDate} inputMode="numeric" placeholder="MM/dd/yyyy" reveal={revealer(clientId, n('dob'))} />
        </Form.Item>,
      )}
    </Row>
  );
}

/** The General tab of Edit: the basics plus SSN, death date, military, employment (self-employed rule), income, immigration. */
export function GeneralFields({ level, autoFocus, clientId }: { level: ClientLevel; autoFocus?: boolean } & Sealed) {
  const n = useNames(level);
  const form = Form.useFormInstance();
  const occupation = Form.useWatch<string | undefined>(n('occupation'), form);
  const self = isSelfEmployed({ occupation });
  const toggleSelf = (checked: boolean) => {
    const change = selfEmployedChange(checked);
    form.setFieldsValue(Object.fromEntries(Object.entries(change).map(([k, v]) => [n(k as PersonField), v])));
  };
  return (
    <>
      <BasicFields level={level} autoFocus={autoFocus} clientId={clientId} />
      <Row gutter={12}>
        {cell(
          <Form.Item name={n('ssn')} label="SSN">
            <SsnInput />
          </Form.Item>,
        )}
        {cell(
          <Form.Item name={n('dod')} label="Date of Death">
            <DateInput />
          </Form.Item>,
        )}
        {cell(
          <Form.Item name={n('militaryStatus')} label="Military">
            <Select allowClear options={options(MILITARY_STATUSES)} />
          </Form.Item>,
        )}
        {cell(
          <Form.Item label="Employment">
            <Checkbox id={`self-${level}`} checked={self} onChange={(e) => toggleSelf(e.target.checked)}>
              Self Employed
            </Checkbox>
          </Form.Item>,
        )}
        {cell(
          <Form.Item name={n('occupation')} label="Occupation">
            <Input disabled={self} />
          </Form.Item>,
        )}
        {self ? (
          <>
            {cell(
              <Form.Item name={n('employees')} label="Employees">
                <InputNumber min={0} style={{ width: '100%' }} />
              </Form.Item>,
            )}
            {cell(
              <Form.Item name={n('businessType')} label="Business Type">
                <SmartSelect valueKey="businessType" />
              </Form.Item>,
            )}
          </>
        ) : (
          cell(
            <Form.Item name={n('employerName')} label="Employer">
              <Input />
            </Form.Item>,
          )
        )}
        {cell(
          <Form.Item name={n('occupationHireDate')} label="Hire Date">
            <DateInput />
          </Form.Item>,
        )}
        {cell(
          <Form.Item name={n('income')} label="Income">
            <MoneyInput />
          </Form.Item>,
        )}
        {cell(
          <Form.Item name={n('immigrant')} label="Immigrant">
            <Select allowClear options={options(IMMIGRANT_STATUSES, (v) => IMMIGRANT_LABELS[v] ?? v)} />
          </Form.Item>,
        )}
        {cell(
          <Form.Item name={n('immigrantCardNumber')} label="Card Number">
            <SealedInput label="Card Number" reveal={revealer(clientId, n('immigrantCardNumber'))} />
          </Form.Item>,
        )}
        {cell(
          <Form.Item name={n('immigrantCardExpiration')} label="Card Expiration">
            <DateInput />
          </Form.Item>,
        )}
      </Row>
    </>
  );
}

/** The Auto tab of Edit: driver's license. */
export function AutoFields({ level, clientId }: { level: ClientLevel } & Sealed) {
  const n = useNames(level);
  return (
    <Row gutter={12}>
      {cell(
        <Form.Item name={n('dlId')} label="Driver's License">
          <SealedInput label="Driver's License" reveal={revealer(clientId, n('dlId'))} />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('dlState')} label="License State" normalize={(v: string) => (v ?? '').toUpperCase().slice(0, 2)}>
          <Input maxLength={2} />
        </Form.Item>,
      )}
    </Row>
  );
}

/** The Health tab of Edit. */
export function HealthFields({ level, clientId }: { level: ClientLevel } & Sealed) {
  const n = useNames(level);
  return (
    <Row gutter={12}>
      {cell(
        <Form.Item name={n('healthHistory')} label="Health History">
          <Select allowClear options={options(HEALTH_HISTORIES, labelOf)} />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('height')} label="Height">
          <HeightInput />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('weight')} label="Weight (lbs)">
          <InputNumber min={0} max={2000} style={{ width: '100%' }} />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('smoker')} valuePropName="checked" label="Tobacco">
          <Checkbox>Smoker</Checkbox>
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('healthNetwork')} label="Network">
          <SmartSelect valueKey="HealthNetwork" />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('healthPlanName')} label="Plan Name">
          <SmartSelect valueKey="HealthPlanName" />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('healthMemberId')} label="Member ID">
          <SealedInput label="Member ID" reveal={revealer(clientId, n('healthMemberId'))} />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('healthMonthlyPremium')} label="Monthly Premium">
          <MoneyInput />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('healthMBI')} label="MBI">
          <SealedInput label="MBI" reveal={revealer(clientId, n('healthMBI'))} />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('healthMedicaid')} label="Medicaid">
          <SealedInput label="Medicaid" reveal={revealer(clientId, n('healthMedicaid'))} />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('doctors')} label="Doctors">
          <Select mode="tags" open={false} tokenSeparators={[',']} />
        </Form.Item>,
        12,
      )}
      {cell(
        <Form.Item name={n('rx')} label="Prescriptions">
          <Select mode="tags" open={false} tokenSeparators={[',']} />
        </Form.Item>,
        12,
      )}
    </Row>
  );
}

/** The Life tab of Edit. */
export function LifeFields({ level }: { level: ClientLevel }) {
  const n = useNames(level);
  return (
    <Row gutter={12}>
      {cell(
        <Form.Item name={n('lifePreferredBenefitAmount')} label="Preferred Benefit Amount">
          <MoneyInput />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('lifeMonthlyPremiumBudget')} label="Monthly Premium Budget">
          <MoneyInput />
        </Form.Item>,
      )}
      {cell(
        <Form.Item name={n('taxNumClaimed')} label="Tax Dependents Claimed">
          <InputNumber min={0} max={99} style={{ width: '100%' }} />
        </Form.Item>,
      )}
    </Row>
  );
}
