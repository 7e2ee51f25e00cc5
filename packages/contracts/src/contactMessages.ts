/**
 * The contacts area's messages (spec 001 section 8), word for word. Where the catalogue wraps a
 * server message, the function takes it.
 */
const or = (msg: string | null | undefined, fallback: string) => (msg && msg.trim() ? msg : fallback);

export const CONTACT_MESSAGES = {
  clientCreated: 'Client created',
  clientCreateFailed: (msg?: string | null) => `Unable to create contact: ${or(msg, 'unknown error')}`,
  clientCreateNetwork: 'Unable to create contact',
  clientUpdated: 'Client updated',
  clientUpdateFailed: (msg?: string | null) => `Unable to update contact: ${or(msg, 'unknown error')}`,
  clientRemoved: 'Client removed',
  /** Delete of a sub-record or of one person: '{type} removed'. */
  typeRemoved: (type: string) => `${type} removed`,

  splitFailed: (msg?: string | null) => `There was an error splitting the contact.  ${msg ?? ''}`,
  splitDone: 'Client successfully split',
  splitConfirm: (type: string) => `Sure you want to split ${type} this contact?`,
  mergeFailed: (msg?: string | null) => `There was an error merging contacts.  ${msg ?? ''}`,
  mergeDone: 'Client successfully merged',

  noteDeleteFailed: (msg?: string | null) => `There was an error deleting note.  ${msg ?? ''}`,
  noteUpdateFailed: (msg?: string | null) => `There was an error updating note.  ${msg ?? ''}`,
  stickyCreateFailed: (msg?: string | null) => `error creating sticky note: ${msg ?? ''}`,
  noteRemoved: 'Note Removed',
  noteUpdated: 'Note Updated',
  noteDeleteConfirm: 'Sure you want to delete this note?',
  noActivities: 'No Activities Found',

  tagsAssignFailed: (msg?: string | null) => `There was an error assigning the tags.  ${msg ?? ''}`,
  tagsAssigned: 'Tags Assigned',
  tagsLoadFailed: 'error loading tags',
  noTags: 'No Tags Found',

  linkUpdateFailed: 'There was an error updating the link.',
  linkCreateFailed: 'There was an error creating the link.',
  linkDeleteFailed: 'There was an error deleting the link.',
  linkUpdated: 'Link Updated',
  linkAdded: 'Link Added',
  linkRemoved: 'Link Removed',

  /** 'There was an error {adding/updating/deleting} {record} {server message}' for dependents, addresses, policies, vehicles, homes. */
  recordFailed: (verb: 'adding' | 'updating' | 'deleting', record: string, msg?: string | null) =>
    `There was an error ${verb} ${record} ${msg ?? ''}`.trimEnd(),
  dependentAdded: 'Dependent Added',
  dependentUpdated: 'Dependent Updated',
  dependentRemoved: 'Dependent Removed',
  addressAdded: 'Address Added',
  addressUpdated: 'Address Updated',
  addressDeleted: 'Address Deleted',
  policyAdded: 'Policy Added',
  policyUpdated: 'Policy Updated',
  policyDeleted: 'Policy Deleted',
  vehicleAdded: 'Vehicle Added',
  vehicleUpdated: 'Vehicle Update',
  vehicleDeleted: 'Vehicle Deleted',
  homeAdded: 'Home Added',
  homeUpdated: 'Home Update',
  /** Home delete reuses the vehicle wording. */
  homeDeleted: 'Vehicle Deleted',

  commercialAddFailed: 'There was an error adding commercial.',
  /** As the catalogue words them. */
  commercialUpdateFailed: 'There was an error updating home.',
  commercialDeleteFailed: 'There was an error deleting vehicle.',
  commercialAdded: 'Commercial Added',
  commercialUpdated: 'Commercial Update',
  commercialDeleted: 'Commercial Deleted',

  paymentMethodCreateFailed: (msg?: string | null) => `There was an error creating the payment method.  ${msg ?? ''}`,
  paymentMethodUpdateFailed: (msg?: string | null) => `There was an error updating the payment method.  ${msg ?? ''}`,
  paymentMethodDeleteFailed: (msg?: string | null) => `There was an error deleting the payment method.  ${msg ?? ''}`,
  paymentMethodAdded: 'Payment Method Added',
  paymentMethodUpdated: 'Updated',
  paymentMethodRemoved: 'Removed',

  vinNotFound: (error: string) => `Unable to find vin: ${error}`,

  miscUpdateFailed: (msg?: string | null) => `There was an error updating the additional info item.  ${msg ?? ''}`,
  miscCreateFailed: (msg?: string | null) => `There was an error creating the additional info item.  ${msg ?? ''}`,
  miscDeleteFailed: (msg?: string | null) => `There was an error deleting the misc item.  ${msg ?? ''}`,
  miscUpdated: 'Item Updated',
  miscAdded: 'Item Added',
  miscRemoved: 'Item Removed',
  miscDeleteConfirm: (label: string) => `Sure you want to delete ${label}?`,

  blockAdded: (number: string) => `${number} added to block list`,
  blockListFailed: 'Unable to load block list',

  reviewsLoadFailed: 'Unable to get client service reviews',

  loading: 'Loading...',
  saving: 'Saving...',
} as const;
