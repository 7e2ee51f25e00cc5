import { AVATAR_JPEG_QUALITY, CROP_SCALE, cropToJpeg, drawCrop, INITIAL_CROP } from './cropImage';

function recorder() {
  const calls: Array<[string, ...unknown[]]> = [];
  const ctx = {
    fillStyle: '' as unknown,
    imageSmoothingQuality: 'low',
    save: () => calls.push(['save']),
    restore: () => calls.push(['restore']),
    fillRect: (...a: number[]) => calls.push(['fillRect', ...a]),
    translate: (...a: number[]) => calls.push(['translate', ...a]),
    rotate: (a: number) => calls.push(['rotate', a]),
    scale: (...a: number[]) => calls.push(['scale', ...a]),
    drawImage: (_s: unknown, ...a: number[]) => calls.push(['drawImage', ...a]),
  };
  return { ctx, calls };
}
const image = { width: 800, height: 400, source: {} as CanvasImageSource, close: () => undefined };

test('the scale starts at 1.2 and runs 0.5 to 3 in steps of 0.1', () => {
  expect(CROP_SCALE).toEqual({ min: 0.5, max: 3, step: 0.1, initial: 1.2 });
  expect(INITIAL_CROP).toEqual({ scale: 1.2, rotation: 0, x: 0, y: 0 });
});

test('the image is centred on its offset, turned, and scaled so scale 1 fills the square with its shorter side', () => {
  const { ctx, calls } = recorder();
  drawCrop(ctx, image, { scale: 1.5, rotation: 90, x: 10, y: -6 }, 256);
  expect(calls).toEqual([
    ['save'],
    ['fillRect', 0, 0, 256, 256],
    ['translate', 138, 122],
    ['rotate', Math.PI / 2],
    ['scale', 0.96, 0.96],
    ['drawImage', -400, -200],
    ['restore'],
  ]);
});

test('the saved picture is a 256 x 256 JPEG at quality 0.5', () => {
  const { ctx } = recorder();
  const canvas = { width: 0, height: 0, getContext: () => ctx, toDataURL: jest.fn(() => 'data:image/jpeg;base64,AAAA') };
  jest.spyOn(document, 'createElement').mockReturnValueOnce(canvas as unknown as HTMLCanvasElement);
  expect(cropToJpeg(image, INITIAL_CROP)).toBe('data:image/jpeg;base64,AAAA');
  expect([canvas.width, canvas.height]).toEqual([256, 256]);
  expect(canvas.toDataURL).toHaveBeenCalledWith('image/jpeg', AVATAR_JPEG_QUALITY);
  expect(AVATAR_JPEG_QUALITY).toBe(0.5);
});
