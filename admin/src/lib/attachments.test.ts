import { describe, expect, it } from 'vitest';
import { awaitingThumbnail, fileIconKind, formatFileSize, groupByTag, previewKind } from './attachments';

describe('previewKind', () => {
  it('shows images, PDFs and videos, but not HEIC photos, which browsers cannot draw', () => {
    expect(['image/png', 'image/jpeg', 'image/webp', 'application/pdf', 'video/mp4', 'video/quicktime', 'image/heic', 'text/plain'].map(previewKind)).toEqual([
      'image',
      'image',
      'image',
      'pdf',
      'video',
      'video',
      'none',
      'none',
    ]);
  });
});

describe('fileIconKind', () => {
  it('names an icon for each kind, a HEIC photo included', () => {
    expect(['image/heic', 'application/pdf', 'video/webm', 'application/zip'].map(fileIconKind)).toEqual(['image', 'pdf', 'video', 'file']);
  });
});

describe('formatFileSize', () => {
  it.each([
    [12, '12 B'],
    [340_000, '340 KB'],
    [1_200_000, '1.2 MB'],
    [26_214_400, '26 MB'],
  ])('%i bytes read %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('groupByTag', () => {
  it("groups files under their tag's label in the tags' order and leaves out empty tags", () => {
    const files = [
      { id: 'a', tag: 'other' },
      { id: 'b', tag: 'damage' },
      { id: 'c', tag: 'receipt' },
      { id: 'd', tag: 'damage' },
    ];
    expect(groupByTag(files).map(g => [g.label, g.items.map(i => i.id)])).toEqual([
      ['Receipt', ['c']],
      ['Damage', ['b', 'd']],
      ['Other', ['a']],
    ]);
  });
});

describe('awaitingThumbnail', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('waits for a new image without a thumbnail only, and gives up after a minute', () => {
    expect(awaitingThumbnail({ content_type: 'image/png', has_thumbnail: false, created_at: '2026-11-25T11:59:50Z' }, now)).toBe(true);
    expect(awaitingThumbnail({ content_type: 'image/png', has_thumbnail: true, created_at: '2026-11-25T11:59:50Z' }, now)).toBe(false);
    expect(awaitingThumbnail({ content_type: 'image/png', has_thumbnail: false, created_at: '2026-11-25T11:58:00Z' }, now)).toBe(false);
    expect(awaitingThumbnail({ content_type: 'application/pdf', has_thumbnail: false, created_at: '2026-11-25T11:59:50Z' }, now)).toBe(false);
  });
});
