import { Divider } from 'antd';
import type { Commercial, CommercialInput } from '@agency/contracts';
import { quotesApi } from '@agency/api-client';
import { FormDialog, withToasts } from '@agency/ui';
import { C, F, Grid, ListOf } from '../common/fields';
import { MSG } from '../common/messages';
import { dropEmpty, emptyAsNull } from '../common/clean';
import { useContact } from '../detail/ContactContext';

const addressFields = (prefix: Array<string | number>) => (
  <Grid>
    <C span={12}>{F.text([...prefix, 'address'], 'Address')}</C>
    <C span={12}>{F.text([...prefix, 'address2'], 'Address 2')}</C>
    <C>{F.text([...prefix, 'city'], 'City')}</C>
    <C>{F.state([...prefix, 'state'])}</C>
    <C>{F.text([...prefix, 'zipcode'], 'Zip Code')}</C>
  </Grid>
);

/** The Commercial dialog; the catalogue's wording is kept as the spec words it. */
export function CommercialDialog({ open, commercial, onClose }: { open: boolean; commercial: Commercial | null; onClose: () => void }) {
  const { id, reload } = useContact();
  const submit = async (values: CommercialInput) => {
    const body = { ...values, form: 'commercial' as const };
    if (commercial) {
      await withToasts(quotesApi.update(id, commercial.id, emptyAsNull(body)), MSG.commercialUpdated, () => MSG.commercialUpdateFailed);
    } else {
      await withToasts(quotesApi.create(id, dropEmpty(body) as CommercialInput), MSG.commercialAdded, () => MSG.commercialAddFailed);
    }
    await reload();
  };
  return (
    <FormDialog<CommercialInput>
      open={open}
      title={commercial ? 'Edit Commercial' : 'Add Commercial'}
      okText={commercial ? 'Update' : 'Save'}
      initialValues={commercial ? (commercial as unknown as Partial<CommercialInput>) : { form: 'commercial' }}
      onSubmit={submit}
      onClose={onClose}
      width={860}
    >
      <Grid>
        <C span={12}>{F.text('companyName', 'Company Name')}</C>
        <C span={12}>{F.text('dba', 'DBA')}</C>
        <C>{F.smart('entityType', 'Entity Type', 'entityType')}</C>
        <C>{F.text('ein', 'EIN')}</C>
        <C>{F.smart('businessType', 'Business Type', 'businessType')}</C>
        <C>{F.money('annualIncome', 'Annual Income')}</C>
        <C>{F.num('numberOfEmployees', 'Employees')}</C>
        <C>{F.money('annualPayroll', 'Annual Payroll')}</C>
        <C>{F.date('startDate', 'Start Date')}</C>
        <C span={24}>{F.area('businessInfo', 'Business Info')}</C>
        <C span={24}>{F.area('notes', 'Notes')}</C>
      </Grid>
      <Divider titlePlacement="start" plain>
        Mailing Address
      </Divider>
      {addressFields(['mailing'])}
      <ListOf name="locations" label="Locations" addLabel="Add Location" render={(i) => addressFields([i])} />
    </FormDialog>
  );
}
