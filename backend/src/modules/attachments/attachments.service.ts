import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { isImageType } from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
import { Jobs } from '../../common/jobs/jobs.js';
import { LiveHub } from '../../common/live/live-hub.js';
import type { ObjectResponse } from '../storage/drivers/storage-driver.js';
import type { UploadParametersDto } from '../storage/dto/upload.dto.js';
import { UploadNotFoundError } from '../storage/storage.errors.js';
import { StorageService } from '../storage/storage.service.js';
import { TicketActivityService } from '../tickets/ticket-activity.service.js';
import { TicketsService } from '../tickets/tickets.service.js';
import { checkAttachmentBytes, HEAD_BYTES } from './attachment-bytes.js';
import { REMOVE_FILES_TASK, THUMBNAIL_TASK } from './attachment-jobs.js';
import { attachmentChanged } from './attachment-live.js';
import { AttachmentNotFoundError, ThumbnailNotFoundError } from './attachments.errors.js';
import type { CreateAttachmentDto, CreateAttachmentUploadDto, UpdateAttachmentDto } from './dto/attachment.dto.js';
import { TicketAttachment } from './ticket-attachment.entity.js';

/** A file to serve: how the storage answers, and the name to offer. */
export interface AttachmentFile {
  object: ObjectResponse;
  filename: string;
}

/**
 * A ticket's evidence: signed direct uploads checked by their bytes once they arrived, tags, the
 * files served with Range, removal, and the files an e-mail brings (attachFromBuffer). Every
 * change is in the ticket's activity trail and told to the organization's open tabs; thumbnails
 * and the removal of bytes are jobs.
 */
@Injectable()
export class AttachmentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly tickets: TicketsService,
    private readonly activity: TicketActivityService,
    private readonly storage: StorageService,
    private readonly jobs: Jobs,
    private readonly live: LiveHub,
  ) {}

  async list(actor: Actor, ticketId: string): Promise<TicketAttachment[]> {
    await this.tickets.get(actor, ticketId);
    return this.em.getRepository(TicketAttachment).ofTicket(ticketId);
  }

  /** Where to send one file of the ticket: the storage's signed upload under the attachment rules. */
  async createUpload(actor: Actor, ticketId: string, dto: CreateAttachmentUploadDto): Promise<UploadParametersDto> {
    await this.tickets.get(actor, ticketId);
    return this.storage.createUpload(actor, { ...dto, purpose: 'ticket_attachment' });
  }

  /**
   * Accepts an uploaded file as the ticket's evidence once its bytes are checked: a kind the rules
   * accept, and the kind it was declared as. A refused file is deleted at once.
   */
  async attach(actor: Actor, ticketId: string, dto: CreateAttachmentDto): Promise<TicketAttachment> {
    const ticket = await this.tickets.get(actor, ticketId);
    const { organizationId } = actor;
    const upload = await this.storage.inspectUpload(organizationId, dto.object_path, 'ticket_attachment', HEAD_BYTES);
    let contentType: string;
    try {
      contentType = await checkAttachmentBytes({ filename: upload.fileName, declared: upload.contentType, size: upload.size, head: upload.head });
    } catch (refused) {
      // Should the delete fail, the upload stays unclaimed and storage's clean-up removes it: the refusal is the answer.
      await this.storage.remove(organizationId, dto.object_path).catch(() => undefined);
      throw refused;
    }
    // A second confirmation of the same upload (a double click) finds it claimed: the same 400 as a path never issued.
    const id = await this.em.transactional(async (tx) => {
      await this.storage.claim(organizationId, dto.object_path, tx);
      return this.record(tx, {
        organizationId,
        ticketId: ticket.id,
        objectPath: dto.object_path,
        fileName: upload.fileName,
        contentType,
        size: upload.size,
        tag: dto.tag ?? 'other',
        uploadedBy: actor.id,
        source: 'upload',
      });
    }).catch((error: unknown) => {
      if (error instanceof UniqueConstraintViolationException) throw new UploadNotFoundError();
      throw error;
    });
    return this.get(ticket.id, id);
  }

  /**
   * Files the server received for a ticket (an inbound e-mail's attachments), in the caller's
   * transaction (`em` of its TenantRunner): checked by their bytes alone, stored, recorded and
   * thumbnailed like an upload. A file of a refused kind or over 25 MB is not kept: null.
   */
  async attachFromBuffer(
    em: EntityManager,
    ticket: { id: string; organization: { id: string } | string },
    file: { filename: string; contentType: string; bytes: Buffer },
    source: 'email' = 'email',
  ): Promise<TicketAttachment | null> {
    const organizationId = typeof ticket.organization === 'string' ? ticket.organization : ticket.organization.id;
    const filename = file.filename.trim() || 'attachment';
    let contentType: string;
    try {
      contentType = await checkAttachmentBytes({ filename, declared: null, size: file.bytes.length, head: file.bytes.subarray(0, HEAD_BYTES) });
    } catch {
      return null;
    }
    const objectPath = await this.storage.store(em, organizationId, { filename, contentType, bytes: file.bytes, purpose: 'ticket_attachment' });
    const id = await this.record(em, {
      organizationId,
      ticketId: ticket.id,
      objectPath,
      fileName: filename.slice(0, 255),
      contentType,
      size: file.bytes.length,
      tag: 'other',
      uploadedBy: null,
      source,
    });
    return em.getRepository(TicketAttachment).findOneOrFail({ id });
  }

  async updateTag(actor: Actor, ticketId: string, attachmentId: string, dto: UpdateAttachmentDto): Promise<TicketAttachment> {
    await this.tickets.get(actor, ticketId);
    const attachment = await this.get(ticketId, attachmentId);
    attachment.tag = dto.tag;
    await this.em.flush();
    await attachmentChanged(this.live, this.em, actor.organizationId, ticketId, attachmentId);
    return attachment;
  }

  /** Removes the file from the ticket (in its activity); its bytes and thumbnail go by a job after the commit. */
  async remove(actor: Actor, ticketId: string, attachmentId: string): Promise<void> {
    await this.tickets.get(actor, ticketId);
    await this.em.transactional(async (tx) => {
      const attachment = await tx.getRepository(TicketAttachment).oneOfTicket(ticketId, attachmentId);
      if (!attachment) throw new AttachmentNotFoundError();
      tx.remove(attachment);
      this.activity.record(tx, {
        organizationId: actor.organizationId,
        ticketId,
        actorId: actor.id,
        kind: 'attachment_removed',
        detail: { filename: attachment.fileName, tag: attachment.tag, source: attachment.source },
      });
      await tx.flush();
      const paths = [attachment.objectPath, attachment.thumbnailPath].filter((path): path is string => !!path);
      await this.jobs.enqueue(tx, REMOVE_FILES_TASK, { organizationId: actor.organizationId, paths }, { key: attachment.id });
      await attachmentChanged(this.live, tx, actor.organizationId, ticketId, attachmentId);
    });
  }

  /** The file itself, as the answer to a GET with this Range header. */
  async content(actor: Actor, ticketId: string, attachmentId: string, range: string | undefined): Promise<AttachmentFile> {
    await this.tickets.get(actor, ticketId);
    const attachment = await this.get(ticketId, attachmentId);
    const object = await this.storage.openObject(actor.organizationId, attachment.objectPath, attachment.contentType, range);
    return { object, filename: attachment.fileName };
  }

  async thumbnail(actor: Actor, ticketId: string, attachmentId: string): Promise<AttachmentFile> {
    await this.tickets.get(actor, ticketId);
    const attachment = await this.get(ticketId, attachmentId);
    if (!attachment.thumbnailPath) throw new ThumbnailNotFoundError();
    const object = await this.storage.openObject(actor.organizationId, attachment.thumbnailPath, 'image/webp', undefined);
    return { object, filename: `${attachment.fileName.replace(/\.[^.]*$/, '')}-thumbnail.webp` };
  }

  private async get(ticketId: string, attachmentId: string): Promise<TicketAttachment> {
    const attachment = await this.em.getRepository(TicketAttachment).oneOfTicket(ticketId, attachmentId);
    if (!attachment) throw new AttachmentNotFoundError();
    return attachment;
  }

  /** The row, its line in the activity and, for an image, the thumbnail's job: in tx. */
  private async record(
    tx: EntityManager,
    row: Omit<TicketAttachment, 'id' | 'createdAt' | 'organization' | 'ticket' | 'uploadedBy' | 'thumbnailPath'> & {
      organizationId: string;
      ticketId: string;
      uploadedBy: string | null;
    },
  ): Promise<string> {
    const { organizationId, ticketId, uploadedBy, ...fields } = row;
    const attachment = tx.create(TicketAttachment, { ...fields, organization: organizationId, ticket: ticketId, uploadedBy });
    this.activity.record(tx, {
      organizationId,
      ticketId,
      actorId: uploadedBy,
      kind: 'attachment_added',
      detail: { filename: fields.fileName, tag: fields.tag, source: fields.source },
    });
    await tx.flush();
    if (isImageType(fields.contentType)) {
      await this.jobs.enqueue(tx, THUMBNAIL_TASK, { organizationId, attachmentId: attachment.id }, { key: attachment.id });
    }
    await attachmentChanged(this.live, tx, organizationId, ticketId, attachment.id);
    return attachment.id;
  }
}
