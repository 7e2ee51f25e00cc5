import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import { usersApi, ApiRequestError } from '@agency/api-client';
import { cropToJpeg, INITIAL_CROP, loadForCrop } from './cropImage';
import { AvatarPage } from './AvatarPage';
import { demoSession, demoUser } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
jest.mock('./cropImage', () => ({ ...jest.requireActual('./cropImage'), cropToJpeg: jest.fn(), loadForCrop: jest.fn() }));
const api = usersApi as jest.Mocked<typeof usersApi>;
const crop = cropToJpeg as jest.MockedFunction<typeof cropToJpeg>;
const load = loadForCrop as jest.MockedFunction<typeof loadForCrop>;
const userEvent = userEventLib.setup({ delay: null, applyAccept: false });
const CROPPED = 'data:image/jpeg;base64,/9j/4AAQ';
const photo = () => new File(['fake'], 'me.jpg', { type: 'image/jpeg' });
const decoded = { width: 640, height: 480, source: {} as CanvasImageSource, close: jest.fn() };

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
  load.mockResolvedValue(decoded);
  crop.mockReturnValue(CROPPED);
});

test('a picked picture opens the crop at scale 1.2; turned and moved, it is saved as the cropped JPEG', async () => {
  const saved = demoUser({ avatar: CROPPED });
  api.picture.mockResolvedValue(saved);
  render(<AvatarPage />);
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

  await userEvent.upload(screen.getByLabelText('Picture file'), photo());
  const canvas = await screen.findByRole('img', { name: /Picture crop/ });
  const scale = screen.getByRole('slider', { name: 'Scale' });
  expect(scale).toHaveAttribute('aria-valuenow', '1.2');
  expect(scale).toHaveAttribute('aria-valuemin', '0.5');
  expect(scale).toHaveAttribute('aria-valuemax', '3');
  fireEvent.keyDown(scale, { key: 'ArrowRight', keyCode: 39 });
  expect(scale).toHaveAttribute('aria-valuenow', '1.3');
  await userEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
  expect(screen.getByRole('slider', { name: 'Rotation' })).toHaveAttribute('aria-valuenow', '90');
  fireEvent.keyDown(canvas, { key: 'ArrowLeft' });
  fireEvent.keyDown(canvas, { key: 'ArrowDown' });

  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(crop).toHaveBeenCalledWith(decoded, { scale: 1.3, rotation: 90, x: -4, y: 4 });
  await waitFor(() => expect(api.picture).toHaveBeenCalledWith(saved.id, CROPPED));
  await waitFor(() => expect(bus.session$.value?.user.avatar).toBe(CROPPED));
  expect(screen.getByAltText('Picture of Olivia Owens')).toHaveAttribute('src', CROPPED);
  expect(decoded.close).toHaveBeenCalled();
});

test('Reset puts the crop back; Cancel leaves the saved picture', async () => {
  render(<AvatarPage />);
  await userEvent.upload(screen.getByLabelText('Picture file'), photo());
  await userEvent.click(await screen.findByRole('button', { name: 'Rotate left' }));
  expect(screen.getByRole('slider', { name: 'Rotation' })).toHaveAttribute('aria-valuenow', '270');
  expect(screen.getByRole('slider', { name: 'Rotation' })).toHaveAttribute('aria-valuemax', '360');
  await userEvent.click(screen.getByRole('button', { name: /Reset/ }));
  expect(screen.getByRole('slider', { name: 'Rotation' })).toHaveAttribute('aria-valuenow', String(INITIAL_CROP.rotation));
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.getByLabelText('No picture for Olivia Owens')).toBeInTheDocument();
  expect(api.picture).not.toHaveBeenCalled();
});

test('refuses a file that is not an image, and one that cannot be read', async () => {
  render(<AvatarPage />);
  await userEvent.upload(screen.getByLabelText('Picture file'), new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PNG, JPEG, WEBP or GIF image.');
  expect(load).not.toHaveBeenCalled();
  load.mockRejectedValue(new Error('That file could not be read as an image.'));
  await userEvent.upload(screen.getByLabelText('Picture file'), photo());
  expect(await screen.findByRole('alert')).toHaveTextContent('That file could not be read as an image.');
});

test('shows the server message when saving fails', async () => {
  api.picture.mockRejectedValue(new ApiRequestError('Picture is too large', 400));
  render(<AvatarPage />);
  await userEvent.upload(screen.getByLabelText('Picture file'), photo());
  await screen.findByRole('img', { name: /Picture crop/ });
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to update profile: Picture is too large');
  expect(bus.session$.value?.user.avatar).toBeNull();
});

test('removes a saved picture', async () => {
  hostControls().setSession(demoSession({ avatar: CROPPED }));
  api.picture.mockResolvedValue(demoUser({ avatar: null }));
  render(<AvatarPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Remove Picture' }));
  await waitFor(() => expect(api.picture).toHaveBeenCalledWith(demoUser().id, null));
  expect(await screen.findByLabelText('No picture for Olivia Owens')).toBeInTheDocument();
});
