import { AVATAR_SIZE, decode, type Drawable } from './resizeImage';

/** The crop's scale slider (spec: 0.5 to 3, step 0.1, starting at 1.2). */
export const CROP_SCALE = { min: 0.5, max: 3, step: 0.1, initial: 1.2 } as const;
/** Saved pictures are JPEGs at this quality. */
export const AVATAR_JPEG_QUALITY = 0.5;

export interface Crop {
  /** 1 fills the square with the image's shorter side. */
  scale: number;
  /** Degrees, clockwise. */
  rotation: number;
  /** Where the image's centre sits, in pixels of the square from its centre. */
  x: number;
  y: number;
}
export const INITIAL_CROP: Crop = { scale: CROP_SCALE.initial, rotation: 0, x: 0, y: 0 };

type Ctx = Pick<CanvasRenderingContext2D, 'save' | 'restore' | 'fillRect' | 'translate' | 'rotate' | 'scale' | 'drawImage'> & { fillStyle: unknown };

/** Draws the image into a size x size square as the crop places it (white behind, for pictures with holes). */
export function drawCrop(ctx: Ctx, image: Pick<Drawable, 'width' | 'height' | 'source'>, crop: Crop, size: number): void {
  const fit = size / Math.min(image.width, image.height);
  ctx.save();
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size, size);
  ctx.translate(size / 2 + crop.x, size / 2 + crop.y);
  ctx.rotate((crop.rotation * Math.PI) / 180);
  ctx.scale(fit * crop.scale, fit * crop.scale);
  ctx.drawImage(image.source, -image.width / 2, -image.height / 2);
  ctx.restore();
}

/** The cropped picture as the profile keeps it: a 256 x 256 JPEG at quality 0.5. */
export function cropToJpeg(image: Drawable, crop: Crop, size = AVATAR_SIZE): string {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot edit images.');
  ctx.imageSmoothingQuality = 'high';
  drawCrop(ctx, image, crop, size);
  return canvas.toDataURL('image/jpeg', AVATAR_JPEG_QUALITY);
}

/** Reads a picked file for the crop editor. */
export const loadForCrop = (file: Blob): Promise<Drawable> => decode(file);
