export { ProfileLayout, PROFILE_SECTIONS } from './ProfileLayout';
export { ProfilePage } from './ProfilePage';
export { AvatarPage } from './AvatarPage';
export { ChangePasswordPage } from './ChangePasswordPage';
export { MfaPage } from './MfaPage';
