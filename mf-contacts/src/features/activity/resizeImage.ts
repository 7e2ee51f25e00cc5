import { loadImage } from '@agency/ui';

/** Note images: a 100x100 thumbnail and a 400x400 image, both WEBP at quality 100, made in the browser. */
export const THUMBNAIL_SIZE = 100;
export const IMAGE_SIZE = 400;
export const NOTE_IMAGE_TYPE = 'image/webp';

/** The size that fits inside a max x max box, keeping the proportions (never enlarged). */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function draw(img: HTMLImageElement, max: number): string {
  const size = fitWithin(img.naturalWidth, img.naturalHeight, max);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Images cannot be resized in this browser.');
  ctx.drawImage(img, 0, 0, size.width, size.height);
  return canvas.toDataURL(NOTE_IMAGE_TYPE, 1);
}

/** Both renditions of an attached image as data URLs. */
export async function resizeNoteImage(file: Blob): Promise<{ image: string; thumbnail: string }> {
  if (!file.type.startsWith('image/')) throw new Error('Only images can be attached to a note.');
  const img = await loadImage(file);
  return { image: draw(img, IMAGE_SIZE), thumbnail: draw(img, THUMBNAIL_SIZE) };
}
