import { z } from 'zod';
import {
  boolInput,
  centsInput,
  clearableInput,
  dateInput,
  emailInput,
  enumInput,
  intInput,
  INVALID,
  numberInput,
  phoneInput,
  stateInput,
  textInput,
  zipInput,
} from './clientFields';
import { recordMetaShape } from './addresses';

/**
 * The quote collection: vehicles (forms auto, rv, rec, water), homes and commercial accounts of a
 * client. Paths: /clients/{id}/quotes?form=..., /clients/{id}/quotes/{quoteId}.
 * Money is in cents; dates are MM/dd/yyyy.
 */
export const VEHICLE_TYPES = {
  auto: ['car', 'truck', 'suv', 'bike', 'classic', 'otherAuto'],
  rv: ['rv', 'motorhome', 'truckCamper', 'bumperPull', 'gooseNeck', 'trailer'],
  rec: ['motorcycle', 'dirtBike', 'SXS', 'ATV', 'snowmobile', 'golfCarts', 'otherRecreational'],
  water: ['Boat', 'waveRunner', 'otherWaterToy'],
} as const;
export const VEHICLE_FORMS = ['auto', 'rv', 'rec', 'water'] as const;
export type VehicleForm = (typeof VEHICLE_FORMS)[number];
export const QUOTE_FORMS = [...VEHICLE_FORMS, 'home', 'commercial'] as const;
export type QuoteForm = (typeof QUOTE_FORMS)[number];
export const ALL_VEHICLE_TYPES = Object.values(VEHICLE_TYPES).flat() as [string, ...string[]];
export const PROPULSION_TYPES = ['outboard', 'sternDrive', 'inboard', 'jet', 'sailPowered', 'sailNonPowered'] as const;
export const TIME_FORMATS = ['Months', 'Years'] as const;
/** VIN and hull id warning thresholds. */
export const VIN_LENGTH = 17;
export const HULL_ID_LENGTH = 12;
export const VIN_WARNING = 'Most VINS are 17 digits long';

const year = intInput(1800, 2200);
const nullableObject = <S extends z.ZodRawShape>(shape: S) => z.object(shape).nullable().optional();

export const leinHolderSchema = z.object({
  name: textInput(200, 'Lien holder'),
  address: textInput(200, 'Address'),
  city: textInput(100, 'City'),
  state: stateInput,
  zipcode: zipInput,
  loan: centsInput,
});
export const trailerSchema = z.object({
  year,
  make: textInput(60, 'Make'),
  model: textInput(60, 'Model'),
  vin: textInput(40, 'VIN'),
  value: centsInput,
  lengthFt: numberInput(0, 500),
  purchaseDate: dateInput,
});

const vehicleShape = {
  type: z.enum(ALL_VEHICLE_TYPES, { error: 'Choose a vehicle type' }),
  year,
  make: textInput(60, 'Make'),
  model: textInput(60, 'Model'),
  /** VIN, or hull id for water. */
  vin: textInput(40, 'VIN'),
  cc: intInput(0, 100_000),
  autoValue: centsInput,
  autoLength: numberInput(0, 500),
  odometer: intInput(0, 10_000_000),
  slideouts: intInput(0, 20),
  valueContents: centsInput,
  propulsionType: enumInput(PROPULSION_TYPES, 'Propulsion type'),
  numMotors: intInput(0, 20),
  horsepower: intInput(0, 100_000),
  maxSpeed: intInput(0, 1000),
  bodyType: textInput(60, 'Body type'),
  milesOneWay: intInput(0, 10_000),
  totalMiles: intInput(0, 1_000_000),
  rideShare: boolInput,
  purchaseDate: dateInput,
  primaryDriver: textInput(100, 'Primary driver'),
  experience: textInput(60, 'Experience'),
  streetLegal: boolInput,
  primaryUse: textInput(60, 'Primary use'),
  brandedTitle: boolInput,
  upgrades: textInput(2000, 'Upgrades'),
  notes: textInput(2000, 'Notes'),
  carrier: textInput(100, 'Carrier'),
  expirationDate: dateInput,
  timeWithCarrier: intInput(0, 1200),
  timeWithCarrierFormat: enumInput(TIME_FORMATS, 'Time with carrier format'),
  liability: textInput(60, 'Liability'),
  pip: textInput(60, 'PIP'),
  vacationLiability: textInput(60, 'Vacation liability'),
  deductibleComp: centsInput,
  deductibleColl: centsInput,
  glassReplacement: boolInput,
  roadside: boolInput,
  rental: boolInput,
  premium: centsInput,
  leinHolder: nullableObject(leinHolderSchema.shape),
  trailer: nullableObject(trailerSchema.shape),
};

const vehicleTypeMatchesForm = (v: { form: VehicleForm; type: string }) => (VEHICLE_TYPES[v.form] as readonly string[]).includes(v.type);
const VEHICLE_TYPE_MESSAGE = 'The vehicle type does not belong to this group';

export const vehicleInputSchema = z
  .object({ form: z.enum(VEHICLE_FORMS), ...vehicleShape })
  .refine(vehicleTypeMatchesForm, { message: VEHICLE_TYPE_MESSAGE, path: ['type'] });
export type VehicleInput = z.input<typeof vehicleInputSchema>;

const addressPartsShape = {
  address: textInput(200, 'Address'),
  address2: textInput(200, 'Address 2'),
  city: textInput(100, 'City'),
  state: stateInput,
  zipcode: zipInput,
};
export const mortgageSchema = z.object({
  name: textInput(200, 'Mortgage company'),
  address: textInput(200, 'Address'),
  city: textInput(100, 'City'),
  state: stateInput,
  zipcode: zipInput,
  loan: centsInput,
  phone: phoneInput,
  fax: phoneInput,
  email: emailInput,
});
const countedAnimal = z.object({ count: intInput(0, 1000), biteHistory: boolInput });

const homeShape = {
  type: textInput(60, 'Type'),
  usage: textInput(60, 'Usage'),
  address: textInput(200, 'Address'),
  city: textInput(100, 'City'),
  state: stateInput,
  zipcode: zipInput,
  purchaseDate: dateInput,
  yearBuilt: year,
  occupants: nullableObject({ adult: intInput(0, 100), child: intInput(0, 100) }),
  fireHydrantFeet: intInput(0, 1_000_000),
  fireStationMiles: numberInput(0, 1000),
  stories: numberInput(0, 200),
  bedrooms: intInput(0, 200),
  bathrooms: numberInput(0, 200),
  garage: textInput(60, 'Garage'),
  livingAreaSqft: intInput(0, 10_000_000),
  foundation: textInput(60, 'Foundation'),
  basementSqft: intInput(0, 10_000_000),
  basementCompletion: intInput(0, 100),
  roofDesign: textInput(60, 'Roof design'),
  roofType: textInput(60, 'Roof type'),
  siding: z
    .array(z.object({ material: textInput(60, 'Material'), percentage: intInput(0, 100) }))
    .max(20)
    .optional(),
  centralAir: boolInput,
  fireplace: boolInput,
  fireplaceCount: intInput(0, 50),
  deck: nullableObject({ material: textInput(60, 'Material'), sqft: intInput(0, 1_000_000) }),
  renovation: nullableObject({ roof: year, electrical: year, plumbing: year, heat: year, paint: year }),
  solar: nullableObject({
    location: textInput(60, 'Location'),
    installer: textInput(100, 'Installer'),
    date: dateInput,
    type: textInput(60, 'Type'),
    panels: intInput(0, 10_000),
    value: centsInput,
    loan: centsInput,
  }),
  trampoline: nullableObject({ netted: boolInput, fenced: boolInput }),
  outbuildings: z
    .array(z.object({ type: textInput(60, 'Type'), sqft: intInput(0, 1_000_000), use: textInput(100, 'Use') }))
    .max(20)
    .optional(),
  dogs: z
    .array(countedAnimal.extend({ breed: textInput(60, 'Breed') }))
    .max(20)
    .optional(),
  exoticAnimals: z
    .array(countedAnimal.extend({ type: textInput(60, 'Type') }))
    .max(20)
    .optional(),
  livestock: z
    .array(z.object({ type: textInput(60, 'Type'), count: intInput(0, 100_000) }))
    .max(20)
    .optional(),
  pool: nullableObject({ fenced: boolInput, locked: boolInput, sqft: intInput(0, 1_000_000) }),
  business: nullableObject({ type: textInput(100, 'Business type'), employees: intInput(0, 1_000_000) }),
  coverage: nullableObject({
    carrier: textInput(100, 'Carrier'),
    expirationDate: dateInput,
    timeWithCarrier: intInput(0, 1200),
    dwelling: centsInput,
    personalPropertyTotal: centsInput,
    liability: centsInput,
    medicalPayment: centsInput,
    deductible: centsInput,
    premium: centsInput,
  }),
  personalProperty: z
    .array(z.object({ description: textInput(200, 'Description'), value: centsInput }))
    .max(100)
    .optional(),
  mortgagePrimary: nullableObject(mortgageSchema.shape),
  mortgageSecondary: nullableObject(mortgageSchema.shape),
};

export const homeInputSchema = z.object({ form: z.literal('home'), ...homeShape });
export type HomeInput = z.input<typeof homeInputSchema>;

const commercialShape = {
  companyName: textInput(200, 'Company'),
  dba: textInput(200, 'DBA'),
  /** Smart value entityType. */
  entityType: textInput(100, 'Entity type'),
  ein: clearableInput(
    (s) => (/^\d{2}-?\d{7}$/.test(s) ? `${s.replace('-', '').slice(0, 2)}-${s.replace('-', '').slice(2)}` : INVALID),
    'EIN must be ##-#######',
  ),
  /** Smart value businessType. */
  businessType: textInput(100, 'Business type'),
  annualIncome: centsInput,
  numberOfEmployees: intInput(0, 10_000_000),
  annualPayroll: centsInput,
  businessInfo: textInput(5000, 'Business info'),
  startDate: dateInput,
  notes: textInput(5000, 'Notes'),
  mailing: nullableObject(addressPartsShape),
  locations: z.array(z.object(addressPartsShape)).max(100).optional(),
};
export const commercialInputSchema = z.object({ form: z.literal('commercial'), ...commercialShape });
export type CommercialInput = z.input<typeof commercialInputSchema>;

/** Body of POST /clients/{id}/quotes and PUT /clients/{id}/quotes/{quoteId}: the whole record, `form` included. */
export const quoteInputSchema = z.discriminatedUnion('form', [vehicleInputSchema, homeInputSchema, commercialInputSchema]);
export type QuoteInput = z.input<typeof quoteInputSchema>;

// Output: the same fields, parsed (nullable everywhere), plus the record meta.
type Parsed<S extends z.ZodRawShape> = { [K in keyof S]: z.output<S[K]> };
export type Vehicle = { form: VehicleForm } & Parsed<typeof vehicleShape> & { id: string; client: string; createdAt: string; updatedAt: string };
export type Home = { form: 'home' } & Parsed<typeof homeShape> & { id: string; client: string; createdAt: string; updatedAt: string };
export type Commercial = { form: 'commercial' } & Parsed<typeof commercialShape> & { id: string; client: string; createdAt: string; updatedAt: string };
export type Quote = Vehicle | Home | Commercial;

/**
 * Quotes are answered with their stored fields as written (validated on the way in), so the
 * response schema checks the meta and the form and passes the rest through.
 */
export const quoteSchema = z.looseObject({ ...recordMetaShape, form: z.enum(QUOTE_FORMS) });

export const quoteListQuerySchema = z.object({ form: z.enum(QUOTE_FORMS).optional() });

export const isVehicle = (q: Quote): q is Vehicle => (VEHICLE_FORMS as readonly string[]).includes(q.form);

/** GET /utilities/lookup/vin/{vin} */
export const vinLookupSchema = z.object({ vin: z.string(), year: z.number().int().nullable(), make: z.string().nullable(), model: z.string().nullable() });
export type VinLookup = z.infer<typeof vinLookupSchema>;
