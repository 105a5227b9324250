import { Injectable, Logger } from '@nestjs/common';
import { JobHandler } from '../../common/jobs/job-decorators.js';
import { LiveHub } from '../../common/live/live-hub.js';
import type { TenantContext } from '../../common/tenancy/tenant-runner.js';
import { StorageService } from '../storage/storage.service.js';
import { makeThumbnail } from './attachment-bytes.js';
import { attachmentChanged } from './attachment-live.js';
import { TicketAttachment } from './ticket-attachment.entity.js';

export const THUMBNAIL_TASK = 'attachments.thumbnail';
export const REMOVE_FILES_TASK = 'attachments.remove-files';

interface ThumbnailJob {
  organizationId: string;
  attachmentId: string;
}

interface RemoveFilesJob {
  organizationId: string;
  paths: string[];
}

/** The slow half of an attachment, run from the queue so a big photo never holds a request. */
@Injectable()
export class AttachmentJobs {
  private readonly logger = new Logger(AttachmentJobs.name);

  constructor(
    private readonly storage: StorageService,
    private readonly live: LiveHub,
  ) {}

  /**
   * Makes an image's thumbnail and stores it beside the file. An image the library cannot decode
   * (HEIC) keeps no thumbnail: the gallery shows an icon. Storage unreachable: thrown, retried.
   */
  @JobHandler(THUMBNAIL_TASK, { maxAttempts: 5 })
  async thumbnail(payload: ThumbnailJob, { em, organizationId }: TenantContext): Promise<void> {
    const attachment = await em.findOne(TicketAttachment, { id: payload.attachmentId });
    if (!attachment || attachment.thumbnailPath) return;
    const bytes = await this.storage.readBytes(organizationId, attachment.objectPath);
    let thumbnail: Buffer;
    try {
      thumbnail = await makeThumbnail(bytes);
    } catch (error) {
      this.logger.warn(`No thumbnail for attachment ${attachment.id} (${attachment.contentType}): ${(error as Error).message}`);
      return;
    }
    const name = `${attachment.fileName.replace(/\.[^.]*$/, '')}-thumbnail.webp`;
    attachment.thumbnailPath = await this.storage.store(em, organizationId, { filename: name, contentType: 'image/webp', bytes: thumbnail, purpose: 'ticket_attachment' });
    const ticketId = typeof attachment.ticket === 'string' ? attachment.ticket : attachment.ticket.id;
    await attachmentChanged(this.live, em, organizationId, ticketId, attachment.id);
  }

  /** Deletes a removed attachment's bytes (file and thumbnail) with their upload rows. */
  @JobHandler(REMOVE_FILES_TASK, { maxAttempts: 10 })
  async removeFiles(payload: RemoveFilesJob, { em, organizationId }: TenantContext): Promise<void> {
    for (const path of payload.paths) await this.storage.remove(organizationId, path, em);
  }
}
