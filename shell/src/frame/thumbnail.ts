import { loadImage } from '@agency/ui';

export const THUMBNAIL_WIDTH = 400;
export const THUMBNAIL_HEIGHT = 200;

/** Where to draw an image so it covers the target box, cropping the overflow evenly. */
export function coverCrop(srcW: number, srcH: number, dstW = THUMBNAIL_WIDTH, dstH = THUMBNAIL_HEIGHT) {
  const scale = Math.max(dstW / srcW, dstH / srcH);
  const w = srcW * scale;
  const h = srcH * scale;
  return { x: (dstW - w) / 2, y: (dstH - h) / 2, w, h };
}

/** Resizes an image file to 400x200 in the browser and returns it as a JPEG data URL. */
export async function resizeThumbnail(file: Blob): Promise<string> {
  const img = await loadImage(file);
  const canvas = document.createElement('canvas');
  canvas.width = THUMBNAIL_WIDTH;
  canvas.height = THUMBNAIL_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot resize images.');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT);
  const { x, y, w, h } = coverCrop(img.naturalWidth, img.naturalHeight);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, x, y, w, h);
  return canvas.toDataURL('image/jpeg', 0.85);
}
