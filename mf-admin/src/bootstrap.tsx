import { runStandalone } from '@agency/ui';
import { App } from './App';

runStandalone(App);
