import { Alert, Checkbox, Col, Form, Input, InputNumber, Row, Select, Tabs, type FormInstance } from 'antd';
import { PROPULSION_TYPES, TIME_FORMATS, VEHICLE_FORMS, VEHICLE_TYPES, type Vehicle, type VehicleForm, type VehicleInput } from '@agency/contracts';
import { quotesApi, vinApi } from '@agency/api-client';
import { failureText, FormDialog, notifyError, withToasts } from '@agency/ui';
import { DateInput, MoneyInput } from '../common/inputs';
import { labelOf } from '../common/labels';
import { MSG } from '../common/messages';
import { dropEmpty, emptyAsNull } from '../common/clean';
import { SmartSelect } from '../common/SmartSelect';
import { useContact } from '../detail/ContactContext';
import { canLookUpVin, vinWarning } from './vin';

export const FORM_LABELS: Record<VehicleForm, string> = { auto: 'Auto', rv: 'RV', rec: 'Recreational', water: 'Water' };

const num = (name: string | string[], label: string, extra: Partial<{ min: number; max: number; step: number }> = {}) => (
  <Form.Item name={name} label={label}>
    <InputNumber style={{ width: '100%' }} min={extra.min ?? 0} max={extra.max} step={extra.step} />
  </Form.Item>
);
const money = (name: string | string[], label: string) => (
  <Form.Item name={name} label={label}>
    <MoneyInput />
  </Form.Item>
);
const text = (name: string | string[], label: string) => (
  <Form.Item name={name} label={label}>
    <Input />
  </Form.Item>
);
const check = (name: string | string[], label: string) => (
  <Form.Item name={name} valuePropName="checked" style={{ marginBottom: 8 }}>
    <Checkbox>{label}</Checkbox>
  </Form.Item>
);
const date = (name: string | string[], label: string) => (
  <Form.Item name={name} label={label}>
    <DateInput />
  </Form.Item>
);
const c = (node: React.ReactNode, span = 8) => (
  <Col xs={24} md={span}>
    {node}
  </Col>
);

/** The VIN (hull id for water) with its length warning; a full VIN is looked up when the field is left. */
export function VinField({ form, water }: { form: FormInstance; water: boolean }) {
  const vin = Form.useWatch<string | undefined>('vin', form);
  const warning = vinWarning(vin, water);
  const lookUp = async () => {
    const value = (form.getFieldValue('vin') as string | undefined)?.trim();
    if (!canLookUpVin(value, water)) return;
    try {
      const found = await vinApi.lookup(value!);
      form.setFieldsValue({
        year: found.year ?? form.getFieldValue('year'),
        make: found.make ?? form.getFieldValue('make'),
        model: found.model ?? form.getFieldValue('model'),
      });
    } catch (err) {
      notifyError(MSG.vinNotFound(failureText(err) || 'unknown error'));
    }
  };
  return (
    <Form.Item name="vin" label={water ? 'Hull ID' : 'VIN'} extra={warning ? <Alert type="warning" showIcon title={warning} style={{ marginTop: 4 }} /> : null}>
      <Input onBlur={() => void lookUp()} autoComplete="off" style={{ textTransform: 'uppercase' }} />
    </Form.Item>
  );
}

function VehicleFields({ form }: { form: FormInstance }) {
  const group = (Form.useWatch<VehicleForm | undefined>('form', form) ?? 'auto') as VehicleForm;
  const water = group === 'water';
  const vehicle = (
    <Row gutter={12}>
      {c(
        <Form.Item name="form" label="Group">
          <Select
            options={VEHICLE_FORMS.map((f) => ({ value: f, label: FORM_LABELS[f] }))}
            onChange={(f: VehicleForm) => form.setFieldValue('type', VEHICLE_TYPES[f][0])}
          />
        </Form.Item>,
      )}
      {c(
        <Form.Item name="type" label="Type" rules={[{ required: true, message: 'Choose a vehicle type' }]}>
          <Select options={VEHICLE_TYPES[group].map((t) => ({ value: t, label: labelOf(t) }))} />
        </Form.Item>,
      )}
      {c(num('year', 'Year', { min: 1800, max: 2200 }))}
      {c(
        <Form.Item name="make" label="Make">
          <SmartSelect valueKey="AutoMake" />
        </Form.Item>,
      )}
      {c(
        <Form.Item name="model" label="Model">
          <SmartSelect valueKey="AutoModel" />
        </Form.Item>,
      )}
      {c(<VinField form={form} water={water} />)}
      {c(money('autoValue', 'Value'))}
      {c(date('purchaseDate', 'Purchase Date'))}
      {group === 'auto' ? (
        <>
          {c(text('bodyType', 'Body Type'))}
          {c(num('odometer', 'Odometer'))}
          {c(num('milesOneWay', 'Miles One Way'))}
          {c(num('totalMiles', 'Total Miles'))}
          {c(text('primaryUse', 'Primary Use'))}
        </>
      ) : null}
      {group === 'rv' ? (
        <>
          {c(num('autoLength', 'Length (ft)'))}
          {c(num('slideouts', 'Slideouts'))}
          {c(money('valueContents', 'Value of Contents'))}
        </>
      ) : null}
      {group === 'rec' ? <>{c(num('cc', 'Engine (cc)'))}</> : null}
      {water ? (
        <>
          {c(num('autoLength', 'Length (ft)'))}
          {c(
            <Form.Item name="propulsionType" label="Propulsion Type">
              <Select allowClear options={PROPULSION_TYPES.map((p) => ({ value: p, label: labelOf(p) }))} />
            </Form.Item>,
          )}
          {c(num('numMotors', 'Motors'))}
          {c(num('horsepower', 'Horsepower'))}
          {c(num('maxSpeed', 'Max Speed (mph)'))}
        </>
      ) : null}
      {c(text('primaryDriver', 'Primary Driver'))}
      {c(text('experience', 'Experience'))}
      <Col span={24}>
        <Row gutter={12}>
          {group === 'auto' ? c(check('rideShare', 'Ride Share'), 6) : null}
          {group === 'rec' ? c(check('streetLegal', 'Street Legal'), 6) : null}
          {c(check('brandedTitle', 'Branded Title'), 6)}
        </Row>
      </Col>
      <Col span={24}>
        <Form.Item name="upgrades" label="Upgrades">
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="notes" label="Notes">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Col>
    </Row>
  );
  const coverage = (
    <Row gutter={12}>
      {c(
        <Form.Item name="carrier" label="Carrier">
          <SmartSelect valueKey="AutoCarrier" />
        </Form.Item>,
      )}
      {c(date('expirationDate', 'Expiration Date'))}
      {c(
        <Form.Item label="Time With Carrier" style={{ marginBottom: 0 }}>
          <Row gutter={4}>
            <Col span={12}>
              <Form.Item name="timeWithCarrier" noStyle>
                <InputNumber min={0} style={{ width: '100%' }} aria-label="Time With Carrier" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="timeWithCarrierFormat" noStyle>
                <Select allowClear aria-label="Months or Years" options={TIME_FORMATS.map((t) => ({ value: t, label: t }))} />
              </Form.Item>
            </Col>
          </Row>
        </Form.Item>,
      )}
      {c(text('liability', 'Liability'))}
      {group === 'auto' ? c(text('pip', 'PIP')) : null}
      {group === 'rv' ? c(text('vacationLiability', 'Vacation Liability')) : null}
      {c(money('deductibleComp', 'Comprehensive Deductible'))}
      {c(money('deductibleColl', 'Collision Deductible'))}
      {c(
        <Form.Item name="premium" label="Premium">
          <MoneyInput />
        </Form.Item>,
      )}
      <Col span={24}>
        <Row gutter={12}>
          {c(check('glassReplacement', 'Glass Replacement'), 6)}
          {c(check('roadside', 'Roadside'), 6)}
          {c(check('rental', 'Rental'), 6)}
        </Row>
      </Col>
    </Row>
  );
  const lien = (
    <Row gutter={12}>
      {c(text(['leinHolder', 'name'], 'Lien Holder'), 12)}
      {c(money(['leinHolder', 'loan'], 'Loan Amount'), 12)}
      {c(text(['leinHolder', 'address'], 'Address'), 24)}
      {c(text(['leinHolder', 'city'], 'City'))}
      {c(
        <Form.Item name={['leinHolder', 'state']} label="State" normalize={(v: string) => v.toUpperCase().slice(0, 2)}>
          <Input maxLength={2} />
        </Form.Item>,
      )}
      {c(text(['leinHolder', 'zipcode'], 'Zip Code'))}
    </Row>
  );
  const trailer = (
    <Row gutter={12}>
      {c(num(['trailer', 'year'], 'Trailer Year', { min: 1800, max: 2200 }))}
      {c(text(['trailer', 'make'], 'Trailer Make'))}
      {c(text(['trailer', 'model'], 'Trailer Model'))}
      {c(text(['trailer', 'vin'], 'Trailer VIN'))}
      {c(money(['trailer', 'value'], 'Trailer Value'))}
      {c(num(['trailer', 'lengthFt'], 'Trailer Length (ft)'))}
      {c(date(['trailer', 'purchaseDate'], 'Trailer Purchase Date'))}
    </Row>
  );
  return (
    <Tabs
      items={[
        { key: 'vehicle', label: 'Vehicle', children: vehicle, forceRender: true },
        { key: 'coverage', label: 'Coverage', children: coverage, forceRender: true },
        { key: 'lien', label: 'Lien Holder', children: lien, forceRender: true },
        ...(water || group === 'rv' ? [{ key: 'trailer', label: 'Trailer', children: trailer, forceRender: true }] : []),
      ]}
    />
  );
}

/** Add or edit a vehicle of any group; no field but the type is mandatory. */
export function VehicleDialog({ open, vehicle, group, onClose }: { open: boolean; vehicle: Vehicle | null; group: VehicleForm; onClose: () => void }) {
  const { id, reload } = useContact();
  const submit = async (values: VehicleInput) => {
    if (vehicle) {
      await withToasts(quotesApi.update(id, vehicle.id, emptyAsNull(values)), MSG.vehicleUpdated, (m) => MSG.recordFailed('updating', 'vehicle', m));
    } else {
      await withToasts(quotesApi.create(id, dropEmpty(values) as VehicleInput), MSG.vehicleAdded, (m) => MSG.recordFailed('adding', 'vehicle', m));
    }
    await reload();
  };
  return (
    <FormDialog<VehicleInput>
      open={open}
      title={vehicle ? 'Edit Vehicle' : 'Add Vehicle'}
      okText={vehicle ? 'Update' : 'Save'}
      initialValues={vehicle ? (vehicle as unknown as Partial<VehicleInput>) : { form: group, type: VEHICLE_TYPES[group][0] }}
      onSubmit={submit}
      onClose={onClose}
      width={860}
    >
      {(form) => <VehicleFields form={form} />}
    </FormDialog>
  );
}
