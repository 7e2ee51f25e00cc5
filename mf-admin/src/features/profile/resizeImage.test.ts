import { coverCrop, pictureProblem, resizeImage } from './resizeImage';

test('crops the centred square of any image', () => {
  expect(coverCrop(800, 600)).toEqual({ sx: 100, sy: 0, side: 600 });
  expect(coverCrop(300, 500)).toEqual({ sx: 0, sy: 100, side: 300 });
  expect(coverCrop(256, 256)).toEqual({ sx: 0, sy: 0, side: 256 });
});

test('accepts images up to 10 MB only', () => {
  expect(pictureProblem({ type: 'image/png', size: 1000 })).toBeNull();
  expect(pictureProblem({ type: 'application/pdf', size: 1000 })).toMatch(/PNG, JPEG, WEBP or GIF/);
  expect(pictureProblem({ type: 'image/jpeg', size: 11 * 1024 * 1024 })).toMatch(/10 MB/);
});

describe('resizeImage', () => {
  const drawImage = jest.fn();
  const toDataURL = jest.fn();
  const close = jest.fn();
  beforeEach(() => {
    jest.resetAllMocks();
    (globalThis as unknown as { createImageBitmap: unknown }).createImageBitmap = jest.fn(async () => ({ width: 1000, height: 500, close }));
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
    jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(toDataURL);
  });

  test('draws a 256 x 256 centre crop and encodes WEBP', async () => {
    toDataURL.mockImplementation((type: string) => `data:${type};base64,AAAA`);
    await expect(resizeImage(new Blob(['x'], { type: 'image/png' }))).resolves.toBe('data:image/webp;base64,AAAA');
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 250, 0, 500, 500, 0, 0, 256, 256);
    expect(close).toHaveBeenCalled();
  });

  test('falls back to PNG where the browser cannot encode WEBP', async () => {
    toDataURL.mockImplementation((type: string) => (type === 'image/webp' ? 'data:image/png;base64,BBBB' : `data:${type};base64,CCCC`));
    await expect(resizeImage(new Blob(['x']))).resolves.toBe('data:image/png;base64,CCCC');
  });

  test('says so when the file is not an image', async () => {
    (globalThis as unknown as { createImageBitmap: unknown }).createImageBitmap = jest.fn(async () => {
      throw new Error('decode');
    });
    await expect(resizeImage(new Blob(['x']))).rejects.toThrow('could not be read as an image');
  });
});
