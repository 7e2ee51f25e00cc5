import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import { usersApi, ApiRequestError } from '@agency/api-client';
import { demoSession, demoUser } from '../../testing/session';
import { resizeImage } from './resizeImage';
import { AvatarPage } from './AvatarPage';

jest.mock('@agency/api-client', () => jest.requireActual('../../testing/apiClientMock'));
jest.mock('./resizeImage', () => ({ ...jest.requireActual('./resizeImage'), resizeImage: jest.fn() }));
const api = usersApi as jest.Mocked<typeof usersApi>;
const resize = resizeImage as jest.MockedFunction<typeof resizeImage>;
const userEvent = userEventLib.setup({ delay: null, applyAccept: false });
const RESIZED = 'data:image/webp;base64,UklGRg==';
const photo = () => new File(['fake'], 'me.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
  resize.mockResolvedValue(RESIZED);
});

test('previews the resized picture and saves it', async () => {
  const saved = demoUser({ avatar: RESIZED });
  api.picture.mockResolvedValue(saved);
  render(<AvatarPage />);
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

  await userEvent.upload(screen.getByLabelText('Picture file'), photo());
  expect(await screen.findByAltText('Preview of the new picture')).toHaveAttribute('src', RESIZED);
  expect(resize).toHaveBeenCalledWith(expect.any(File), 256);

  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.picture).toHaveBeenCalledWith(saved.id, RESIZED));
  await waitFor(() => expect(bus.session$.value?.user.avatar).toBe(RESIZED));
  expect(screen.getByAltText('Picture of Olivia Owens')).toHaveAttribute('src', RESIZED);
});

test('refuses a file that is not an image', async () => {
  render(<AvatarPage />);
  await userEvent.upload(screen.getByLabelText('Picture file'), new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PNG, JPEG, WEBP or GIF image.');
  expect(resize).not.toHaveBeenCalled();
});

test('shows the server message when saving fails', async () => {
  api.picture.mockRejectedValue(new ApiRequestError('Picture is too large', 400));
  render(<AvatarPage />);
  await userEvent.upload(screen.getByLabelText('Picture file'), photo());
  await screen.findByAltText('Preview of the new picture');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to update profile: Picture is too large');
  expect(bus.session$.value?.user.avatar).toBeNull();
});

test('removes a saved picture', async () => {
  hostControls().setSession(demoSession({ avatar: RESIZED }));
  api.picture.mockResolvedValue(demoUser({ avatar: null }));
  render(<AvatarPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Remove Picture' }));
  await waitFor(() => expect(api.picture).toHaveBeenCalledWith(demoUser().id, null));
  expect(await screen.findByLabelText('No picture for Olivia Owens')).toBeInTheDocument();
});
