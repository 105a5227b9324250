import { ATTACHMENT_TAG_LABELS, ATTACHMENT_TAGS, type AttachmentTag } from '@warranty-crm/contract';

/** What the viewer can show of a file in the browser. */
export type PreviewKind = 'image' | 'pdf' | 'video' | 'none';

/** HEIC photos are kept and downloadable, but browsers other than Safari cannot draw them. */
export function previewKind(contentType: string): PreviewKind {
  const type = contentType.toLowerCase();
  if (type === 'image/heic' || type === 'image/heif') return 'none';
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('video/')) return 'video';
  return 'none';
}

/** The icon a file without a thumbnail shows. */
export function fileIconKind(contentType: string): 'image' | 'pdf' | 'video' | 'file' {
  const type = contentType.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('video/')) return 'video';
  return 'file';
}

/** 1.2 MB, 340 KB, 12 B (decimal units, one decimal below 10). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

export interface TagGroup<T> {
  tag: AttachmentTag;
  label: string;
  items: T[];
}

/** Files grouped by tag in the tags' order (receipt, damage, serial plate, other); empty groups left out. */
export function groupByTag<T extends { tag: string }>(items: T[]): TagGroup<T>[] {
  return ATTACHMENT_TAGS.map(tag => ({ tag, label: ATTACHMENT_TAG_LABELS[tag], items: items.filter(item => item.tag === tag) })).filter(
    group => group.items.length > 0,
  );
}

/** Whether an image's thumbnail may still be on its way (made by a job within seconds of the upload). */
export function awaitingThumbnail(file: { content_type: string; has_thumbnail: boolean; created_at: string }, now = Date.now()): boolean {
  return previewKind(file.content_type) === 'image' && !file.has_thumbnail && now - new Date(file.created_at).getTime() < 60_000;
}
