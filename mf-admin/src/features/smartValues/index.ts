export { SmartValuesPage } from './SmartValuesPage';
