export { SettingsIndex, SettingsLayout, SETTINGS_BASE } from './SettingsLayout';
export { SETTINGS_TABS, DEFAULT_SETTINGS_TAB, type SettingsTab } from './settingsTabs';
