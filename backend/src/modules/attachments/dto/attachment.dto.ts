import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import {
  ATTACHMENT_SOURCES,
  ATTACHMENT_TAG_MESSAGE,
  ATTACHMENT_TAGS,
  ATTACHMENT_TYPE_MESSAGE,
  type AttachmentSource,
  type AttachmentTag,
  MAX_ATTACHMENT_BYTES,
} from '@warranty-crm/contract';
import { OptionalField } from '../../../common/http/optional.js';
import { trim } from '../../../common/http/transforms.js';
import { displayName } from '../../tickets/ticket-activity.service.js';
import type { TicketAttachment } from '../ticket-attachment.entity.js';

/** POST /api/tickets/{id}/attachments/uploads: the file the browser is about to send. */
export class CreateAttachmentUploadDto {
  @ApiProperty({ example: 'receipt.pdf', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'File name must be at most 255 characters' })
  @IsNotEmpty({ message: 'File name is required' })
  @IsString({ message: 'File name is required' })
  filename!: string;

  @ApiProperty({ example: 'application/pdf', description: 'The content type the file will be sent with' })
  @Transform(trim)
  @MaxLength(100, { message: ATTACHMENT_TYPE_MESSAGE })
  @IsNotEmpty({ message: 'File type is required' })
  @IsString({ message: 'File type is required' })
  type!: string;

  @ApiProperty({ example: 182034, maximum: MAX_ATTACHMENT_BYTES, description: 'Size in bytes; the upload must send exactly this many' })
  @Min(0, { message: 'File size is required' })
  @IsInt({ message: 'File size is required' })
  size!: number;
}

/** POST /api/tickets/{id}/attachments: accept an uploaded file as evidence of the ticket. */
export class CreateAttachmentDto {
  @ApiProperty({ example: '/objects/uploads/8c0e.../3f2a...-receipt.pdf', description: 'The objectPath the upload call answered' })
  @Transform(trim)
  @MaxLength(1000, { message: 'The uploaded file was not found: upload it again' })
  @IsNotEmpty({ message: 'object_path is required' })
  @IsString({ message: 'object_path is required' })
  object_path!: string;

  @ApiPropertyOptional({ enum: ATTACHMENT_TAGS, default: 'other' })
  @OptionalField()
  @IsIn(ATTACHMENT_TAGS, { message: ATTACHMENT_TAG_MESSAGE })
  tag?: AttachmentTag;
}

/** PATCH /api/tickets/{id}/attachments/{attachmentId} */
export class UpdateAttachmentDto {
  @ApiProperty({ enum: ATTACHMENT_TAGS })
  @IsIn(ATTACHMENT_TAGS, { message: ATTACHMENT_TAG_MESSAGE })
  tag!: AttachmentTag;
}

export class AttachmentResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) ticket_id!: string;
  @ApiProperty({ example: 'receipt.pdf' }) filename!: string;
  @ApiProperty({ example: 'application/pdf', description: 'Detected from the bytes' }) content_type!: string;
  @ApiProperty({ example: 182034 }) size!: number;
  @ApiProperty({ enum: ATTACHMENT_TAGS, enumName: 'AttachmentTag' }) tag!: AttachmentTag;
  @ApiProperty({ enum: ATTACHMENT_SOURCES, enumName: 'AttachmentSource' }) source!: AttachmentSource;
  @ApiProperty({ description: 'Whether GET .../thumbnail answers an image (images only, once made)' }) has_thumbnail!: boolean;
  @ApiProperty({ example: '/api/tickets/1b.../attachments/9f.../content' }) content_url!: string;
  @ApiProperty({ type: String, nullable: true, example: '/api/tickets/1b.../attachments/9f.../thumbnail' }) thumbnail_url!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) uploaded_by_id!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Maria Lopez', description: "The uploader's name; null for an e-mail's attachment" })
  uploaded_by_name!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export function toAttachmentResponse(attachment: TicketAttachment): AttachmentResponseDto {
  const ticketId = typeof attachment.ticket === 'string' ? attachment.ticket : attachment.ticket.id;
  const base = `/api/tickets/${ticketId}/attachments/${attachment.id}`;
  const user = attachment.uploadedBy ?? null;
  return {
    id: attachment.id,
    ticket_id: ticketId,
    filename: attachment.fileName,
    content_type: attachment.contentType,
    size: attachment.size,
    tag: attachment.tag,
    source: attachment.source,
    has_thumbnail: !!attachment.thumbnailPath,
    content_url: `${base}/content`,
    thumbnail_url: attachment.thumbnailPath ? `${base}/thumbnail` : null,
    uploaded_by_id: user?.id ?? null,
    uploaded_by_name: displayName(user),
    created_at: attachment.createdAt.toISOString(),
  };
}
