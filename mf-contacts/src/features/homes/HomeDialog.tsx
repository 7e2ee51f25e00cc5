import { Tabs } from 'antd';
import type { Home, HomeInput } from '@agency/contracts';
import { quotesApi } from '@agency/api-client';
import { FormDialog, withToasts } from '@agency/ui';
import { C, F, Grid, ListOf } from '../common/fields';
import { MSG } from '../common/messages';
import { dropEmpty, emptyAsNull } from '../common/clean';
import { useContact } from '../detail/ContactContext';

const property = (
  <Grid>
    <C>{F.smart('type', 'Type', 'HomeType')}</C>
    <C>{F.smart('usage', 'Usage', 'HomeUsage')}</C>
    <C>{F.date('purchaseDate', 'Purchase Date')}</C>
    <C span={24}>{F.text('address', 'Address')}</C>
    <C>{F.text('city', 'City')}</C>
    <C>{F.state('state')}</C>
    <C>{F.text('zipcode', 'Zip Code')}</C>
    <C>{F.num('yearBuilt', 'Year Built', 1800, 2200)}</C>
    <C>{F.num(['occupants', 'adult'], 'Adult Occupants')}</C>
    <C>{F.num(['occupants', 'child'], 'Child Occupants')}</C>
    <C>{F.num('stories', 'Stories')}</C>
    <C>{F.num('bedrooms', 'Bedrooms')}</C>
    <C>{F.num('bathrooms', 'Bathrooms')}</C>
    <C>{F.smart('garage', 'Garage', 'HomeGarage')}</C>
    <C>{F.num('livingAreaSqft', 'Living Area (sqft)')}</C>
    <C>{F.smart('foundation', 'Foundation', 'HomeFoundation')}</C>
    <C>{F.num('basementSqft', 'Basement (sqft)')}</C>
    <C>{F.num('basementCompletion', 'Basement Completion (%)', 0, 100)}</C>
    <C>{F.smart('roofDesign', 'Roof Design', 'HomeRoofDesign')}</C>
    <C>{F.smart('roofType', 'Roof Type', 'HomeRoofType')}</C>
    <C>{F.num('fireHydrantFeet', 'Fire Hydrant (feet)')}</C>
    <C>{F.num('fireStationMiles', 'Fire Station (miles)')}</C>
    <C>{F.check('centralAir', 'Central Air')}</C>
    <C>{F.check('fireplace', 'Fireplace')}</C>
    <C>{F.num('fireplaceCount', 'Fireplaces')}</C>
  </Grid>
);

const features = (
  <>
    <ListOf
      name="siding"
      label="Siding"
      addLabel="Add Siding"
      render={(i) => (
        <Grid>
          <C span={12}>{F.smart([i, 'material'], 'Material', 'HomeSiding')}</C>
          <C span={12}>{F.num([i, 'percentage'], 'Percentage', 0, 100)}</C>
        </Grid>
      )}
    />
    <Grid>
      <C>{F.smart(['deck', 'material'], 'Deck Material', 'HomeDeck')}</C>
      <C>{F.num(['deck', 'sqft'], 'Deck (sqft)')}</C>
      <C>{F.text(['business', 'type'], 'Business On Premises')}</C>
      <C>{F.num(['business', 'employees'], 'Business Employees')}</C>
      <C>{F.num(['renovation', 'roof'], 'Roof Renovated (year)', 1800, 2200)}</C>
      <C>{F.num(['renovation', 'electrical'], 'Electrical Renovated (year)', 1800, 2200)}</C>
      <C>{F.num(['renovation', 'plumbing'], 'Plumbing Renovated (year)', 1800, 2200)}</C>
      <C>{F.num(['renovation', 'heat'], 'Heat Renovated (year)', 1800, 2200)}</C>
      <C>{F.num(['renovation', 'paint'], 'Paint Renovated (year)', 1800, 2200)}</C>
      <C>{F.text(['solar', 'location'], 'Solar Location')}</C>
      <C>{F.text(['solar', 'installer'], 'Solar Installer')}</C>
      <C>{F.date(['solar', 'date'], 'Solar Install Date')}</C>
      <C>{F.text(['solar', 'type'], 'Solar Type')}</C>
      <C>{F.num(['solar', 'panels'], 'Solar Panels')}</C>
      <C>{F.money(['solar', 'value'], 'Solar Value')}</C>
      <C>{F.money(['solar', 'loan'], 'Solar Loan')}</C>
      <C>{F.num(['pool', 'sqft'], 'Pool (sqft)')}</C>
      <C span={4}>{F.check(['pool', 'fenced'], 'Pool Fenced')}</C>
      <C span={4}>{F.check(['pool', 'locked'], 'Pool Locked')}</C>
      <C span={4}>{F.check(['trampoline', 'netted'], 'Trampoline Netted')}</C>
      <C span={4}>{F.check(['trampoline', 'fenced'], 'Trampoline Fenced')}</C>
    </Grid>
    <ListOf
      name="outbuildings"
      label="Outbuildings"
      addLabel="Add Outbuilding"
      render={(i) => (
        <Grid>
          <C>{F.text([i, 'type'], 'Type')}</C>
          <C>{F.num([i, 'sqft'], 'Sqft')}</C>
          <C>{F.text([i, 'use'], 'Use')}</C>
        </Grid>
      )}
    />
  </>
);

const animals = (
  <>
    <ListOf
      name="dogs"
      label="Dogs"
      addLabel="Add Dog"
      render={(i) => (
        <Grid>
          <C>{F.text([i, 'breed'], 'Breed')}</C>
          <C>{F.num([i, 'count'], 'Count')}</C>
          <C>{F.check([i, 'biteHistory'], 'Bite History')}</C>
        </Grid>
      )}
    />
    <ListOf
      name="exoticAnimals"
      label="Exotic Animals"
      addLabel="Add Exotic Animal"
      render={(i) => (
        <Grid>
          <C>{F.text([i, 'type'], 'Type')}</C>
          <C>{F.num([i, 'count'], 'Count')}</C>
          <C>{F.check([i, 'biteHistory'], 'Bite History')}</C>
        </Grid>
      )}
    />
    <ListOf
      name="livestock"
      label="Livestock"
      addLabel="Add Livestock"
      render={(i) => (
        <Grid>
          <C span={12}>{F.text([i, 'type'], 'Type')}</C>
          <C span={12}>{F.num([i, 'count'], 'Count')}</C>
        </Grid>
      )}
    />
  </>
);

const coverage = (
  <>
    <Grid>
      <C>{F.smart(['coverage', 'carrier'], 'Carrier', 'HomeCarrier')}</C>
      <C>{F.date(['coverage', 'expirationDate'], 'Expiration Date')}</C>
      <C>{F.num(['coverage', 'timeWithCarrier'], 'Time With Carrier (months)')}</C>
      <C>{F.money(['coverage', 'dwelling'], 'Dwelling')}</C>
      <C>{F.money(['coverage', 'personalPropertyTotal'], 'Personal Property')}</C>
      <C>{F.money(['coverage', 'liability'], 'Liability')}</C>
      <C>{F.money(['coverage', 'medicalPayment'], 'Medical Payment')}</C>
      <C>{F.money(['coverage', 'deductible'], 'Deductible')}</C>
      <C>{F.money(['coverage', 'premium'], 'Premium')}</C>
    </Grid>
    <ListOf
      name="personalProperty"
      label="Personal Property"
      addLabel="Add Item"
      render={(i) => (
        <Grid>
          <C span={16}>{F.text([i, 'description'], 'Description')}</C>
          <C>{F.money([i, 'value'], 'Value')}</C>
        </Grid>
      )}
    />
  </>
);

const mortgage = (which: 'mortgagePrimary' | 'mortgageSecondary') => (
  <Grid>
    <C span={12}>{F.text([which, 'name'], 'Mortgage Company')}</C>
    <C span={12}>{F.money([which, 'loan'], 'Loan')}</C>
    <C span={24}>{F.text([which, 'address'], 'Address')}</C>
    <C>{F.text([which, 'city'], 'City')}</C>
    <C>{F.state([which, 'state'])}</C>
    <C>{F.text([which, 'zipcode'], 'Zip Code')}</C>
    <C>{F.phone([which, 'phone'], 'Phone')}</C>
    <C>{F.phone([which, 'fax'], 'Fax')}</C>
    <C>{F.text([which, 'email'], 'Email')}</C>
  </Grid>
);

/** Add or edit a home: property, features, animals, coverage and mortgages; nothing mandatory. */
export function HomeDialog({ open, home, onClose }: { open: boolean; home: Home | null; onClose: () => void }) {
  const { id, reload } = useContact();
  const submit = async (values: HomeInput) => {
    const body = { ...values, form: 'home' as const };
    if (home) {
      await withToasts(quotesApi.update(id, home.id, emptyAsNull(body)), MSG.homeUpdated, (m) => MSG.recordFailed('updating', 'home', m));
    } else {
      await withToasts(quotesApi.create(id, dropEmpty(body) as HomeInput), MSG.homeAdded, (m) => MSG.recordFailed('adding', 'home', m));
    }
    await reload();
  };
  return (
    <FormDialog<HomeInput>
      open={open}
      title={home ? 'Edit Home' : 'Add Home'}
      okText={home ? 'Update' : 'Save'}
      initialValues={home ? (home as unknown as Partial<HomeInput>) : { form: 'home', usage: 'Primary' }}
      onSubmit={submit}
      onClose={onClose}
      width={900}
    >
      <Tabs
        items={[
          { key: 'property', label: 'Property', children: property, forceRender: true },
          { key: 'features', label: 'Features', children: features, forceRender: true },
          { key: 'animals', label: 'Animals', children: animals, forceRender: true },
          { key: 'coverage', label: 'Coverage', children: coverage, forceRender: true },
          { key: 'mortgagePrimary', label: 'Primary Mortgage', children: mortgage('mortgagePrimary'), forceRender: true },
          { key: 'mortgageSecondary', label: 'Secondary Mortgage', children: mortgage('mortgageSecondary'), forceRender: true },
        ]}
      />
    </FormDialog>
  );
}
