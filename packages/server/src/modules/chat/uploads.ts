import { CHAT_MESSAGES, CHAT_UPLOAD_TYPES } from '@agency/contracts';
import { badRequest } from '../../http/errors';

const EXTENSION_TYPES = new Map(Object.entries(CHAT_UPLOAD_TYPES).flatMap(([type, exts]) => exts.map((ext) => [ext, type] as const)));

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Whether the bytes really are of this type (a renamed program is not a PDF). */
function contentMatches(type: string, buf: Buffer): boolean {
  switch (type) {
    case 'image/png':
      return startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return startsWith(buf, [0xff, 0xd8, 0xff]);
    case 'image/gif':
      return startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'));
    case 'image/webp':
      return startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8);
    case 'application/pdf':
      return startsWith(buf, ascii('%PDF-'));
    case 'application/zip':
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
      return startsWith(buf, [0x50, 0x4b, 0x03, 0x04]);
    case 'application/msword':
    case 'application/vnd.ms-excel':
      return startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case 'text/plain':
    case 'text/csv':
      return !buf.subarray(0, 8192).includes(0);
    default:
      return false;
  }
}

/** A file name safe to store and to offer for download. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((c) => c.charCodeAt(0) >= 32 && c !== '\u007f')
    .join('')
    .trim();
  return (cleaned || 'file').slice(0, 200);
}

/**
 * The MIME type the file is stored with: decided by its extension, among the allowed ones, and
 * checked against its first bytes. Anything else is refused.
 */
export function checkUpload(fileName: string, data: Buffer): string {
  const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  const type = EXTENSION_TYPES.get(ext);
  if (!type || !data.length || !contentMatches(type, data)) throw badRequest(CHAT_MESSAGES.fileTypeNotAllowed);
  return type;
}
