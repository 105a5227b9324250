import { describe, expect, it } from '@jest/globals';
import { attachmentTypesAgree } from '@warranty-crm/contract';
import { checkAttachmentBytes, detectAttachmentType } from './attachment-bytes.js';

const ftyp = (major: string, ...compatible: string[]) => {
  const brands = [major, '\0\0\0\0', ...compatible].join('');
  const box = Buffer.alloc(8 + brands.length);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(brands, 8, 'latin1');
  return Buffer.concat([box, Buffer.alloc(64)]);
};
const WEBM = Buffer.from('1A45DFA39F4286810142F7810142F2810442F381084282847765626D4287810442858102', 'hex');

describe('detectAttachmentType', () => {
  it.each([
    ['an MP4 video', ftyp('mp42', 'mp42', 'isom'), 'video/mp4'],
    ['a QuickTime video', ftyp('qt  ', 'qt  '), 'video/quicktime'],
    ['a HEIC photo', ftyp('heic', 'mif1', 'heic'), 'image/heic'],
    ['a WebM video', WEBM, 'video/webm'],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'application/pdf'],
  ])('recognises %s by its bytes', async (_, bytes, type) => {
    expect(await detectAttachmentType(bytes)).toBe(type);
  });

  it.each([
    ['plain text', Buffer.from('hello, this is not a photo')],
    ['a ZIP (an Office document)', Buffer.from('504B0304140000000800', 'hex')],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
  ])('finds no accepted type in %s', async (_, bytes) => {
    expect(await detectAttachmentType(bytes)).toBeNull();
  });
});

describe('checkAttachmentBytes', () => {
  it('takes a MOV declared as MP4 (one container family) and a HEIF declared as HEIC', async () => {
    expect(await checkAttachmentBytes({ filename: 'clip.mp4', declared: 'video/mp4', size: 100, head: ftyp('qt  ', 'qt  ') })).toBe('video/quicktime');
    expect(attachmentTypesAgree('image/heic', 'image/heif')).toBe(true);
  });

  it('refuses a PDF declared as a JPEG with both kinds named', async () => {
    await expect(checkAttachmentBytes({ filename: 'photo.jpg', declared: 'image/jpeg', size: 100, head: Buffer.from('%PDF-1.7\n') })).rejects.toThrow(
      '"photo.jpg" is a PDF document, not a JPEG image: attach it under its real type',
    );
  });

  it('refuses more than 25 MB whatever the bytes', async () => {
    await expect(checkAttachmentBytes({ filename: 'a.pdf', declared: null, size: 26_214_401, head: Buffer.from('%PDF-1.7\n') })).rejects.toThrow(
      'The file must be 25 MB (26214400 bytes) or smaller',
    );
  });
});
