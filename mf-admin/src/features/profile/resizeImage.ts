/** The side of a saved profile picture, in pixels. */
export const AVATAR_SIZE = 256;
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
/** What the server takes for a picture data URL (contracts' pictureSchema). */
export const MAX_DATA_URL_LENGTH = 400_000;

/** The centred square of a w x h image: what a round avatar shows, without stretching. */
export function coverCrop(width: number, height: number): { sx: number; sy: number; side: number } {
  const side = Math.min(width, height);
  return { sx: Math.round((width - side) / 2), sy: Math.round((height - side) / 2), side };
}

/** Why a file cannot be a picture, or null when it can. */
export function pictureProblem(file: { type: string; size: number }): string | null {
  if (!PICTURE_TYPES.includes(file.type)) return 'Choose a PNG, JPEG, WEBP or GIF image.';
  if (file.size > MAX_PICTURE_BYTES) return 'Choose an image smaller than 10 MB.';
  return null;
}

/** A decoded image, ready to draw. */
export type Drawable = { width: number; height: number; source: CanvasImageSource; close(): void };

/** Decodes an image file (ImageBitmap where the browser has it); a file that is no image says so. */
export async function decode(file: Blob): Promise<Drawable> {
  try {
    return await decodeRaw(file);
  } catch {
    throw new Error('That file could not be read as an image.');
  }
}

async function decodeRaw(file: Blob): Promise<Drawable> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { width: bitmap.width, height: bitmap.height, source: bitmap, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight, source: img, close: () => undefined };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Resizes an image in the browser to a size x size square (centre crop) and returns a data URL:
 * WEBP where the browser encodes it, PNG otherwise, JPEG if those come out too large to send; or
 * always PNG when `format` says so (the mobile app's logo).
 */
export async function resizeImage(file: Blob, size = AVATAR_SIZE, format: 'compact' | 'png' = 'compact'): Promise<string> {
  const image = await decode(file);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('This browser cannot resize images.');
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    const { sx, sy, side } = coverCrop(image.width, image.height);
    ctx.drawImage(image.source, sx, sy, side, side, 0, 0, size, size);
    if (format === 'png') return canvas.toDataURL('image/png');
    let url = canvas.toDataURL('image/webp', 0.9);
    if (!url.startsWith('data:image/webp')) url = canvas.toDataURL('image/png');
    if (url.length > MAX_DATA_URL_LENGTH) url = canvas.toDataURL('image/jpeg', 0.85);
    return url;
  } finally {
    image.close();
  }
}
