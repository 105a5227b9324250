import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ATTACHMENT_TAGS } from '@warranty-crm/contract';
import type { Request, Response } from 'express';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { RequireRole } from '../../common/auth/roles.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { uuidOr404 } from '../../common/http/ids.js';
import { UploadParametersDto } from '../storage/dto/upload.dto.js';
import { sendObjectResponse } from '../storage/object-response.js';
import { TicketNotFoundError } from '../tickets/tickets.errors.js';
import { AttachmentNotFoundError } from './attachments.errors.js';
import { type AttachmentFile, AttachmentsService } from './attachments.service.js';
import {
  AttachmentResponseDto,
  CreateAttachmentDto,
  CreateAttachmentUploadDto,
  toAttachmentResponse,
  UpdateAttachmentDto,
} from './dto/attachment.dto.js';

const ticketIdPipe = uuidOr404(() => new TicketNotFoundError());
const attachmentIdPipe = uuidOr404(() => new AttachmentNotFoundError());

/** `inline` or `attachment` with the file's name, ASCII fallback first (RFC 6266). */
function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

async function sendFile(res: Response, file: AttachmentFile, download: boolean): Promise<void> {
  res.setHeader('Content-Disposition', contentDisposition(download ? 'attachment' : 'inline', file.filename));
  res.setHeader('Cache-Control', 'private, no-cache');
  await sendObjectResponse(res, file.object);
}

@ApiTags('attachments')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@RequireRole('agent')
@Controller('tickets/:id/attachments')
export class AttachmentsController {
  constructor(private readonly attachments: AttachmentsService) {}

  @Get()
  @ApiOperation({ summary: "A ticket's evidence (receipts, photos, videos), oldest first" })
  @ApiOkResponse({ type: [AttachmentResponseDto] })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such ticket in your organization' })
  async list(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string): Promise<AttachmentResponseDto[]> {
    return (await this.attachments.list(actor, id)).map(toAttachmentResponse);
  }

  @Post('uploads')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Get a signed URL to upload one file of evidence straight to storage',
    description:
      'Photos (JPEG, PNG, HEIC, WebP), PDF and videos (MP4, MOV, WebM), at most 26214400 bytes. Send the file with `method` to ' +
      '`uploadURL` with `headers`, exactly `size` bytes, within 15 minutes; then POST `objectPath` to /api/tickets/{id}/attachments.',
  })
  @ApiOkResponse({ type: UploadParametersDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A type that cannot be attached, or a file over 25 MB' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such ticket in your organization' })
  createUpload(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string, @Body() dto: CreateAttachmentUploadDto): Promise<UploadParametersDto> {
    return this.attachments.createUpload(actor, id, dto);
  }

  @Post()
  @ApiOperation({
    summary: 'Attach an uploaded file to the ticket, with its tag',
    description:
      "The file's type is checked by its bytes: a kind that cannot be attached, or bytes of another kind than the file was " +
      'uploaded as (a PNG renamed .pdf), are refused with 400 and the upload is deleted. Images get a thumbnail shortly after.',
  })
  @ApiCreatedResponse({ type: AttachmentResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such ticket in your organization' })
  async create(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string, @Body() dto: CreateAttachmentDto): Promise<AttachmentResponseDto> {
    return toAttachmentResponse(await this.attachments.attach(actor, id, dto));
  }

  @Patch(':attachmentId')
  @ApiOperation({ summary: "Change an attachment's tag" })
  @ApiOkResponse({ type: AttachmentResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: `Tag must be one of: ${ATTACHMENT_TAGS.join(', ')}` })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async update(
    @CurrentActor() actor: Actor,
    @Param('id', ticketIdPipe) id: string,
    @Param('attachmentId', attachmentIdPipe) attachmentId: string,
    @Body() dto: UpdateAttachmentDto,
  ): Promise<AttachmentResponseDto> {
    return toAttachmentResponse(await this.attachments.updateTag(actor, id, attachmentId, dto));
  }

  @Delete(':attachmentId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove an attachment from the ticket (recorded in its activity); its bytes are deleted shortly after' })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async remove(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string, @Param('attachmentId', attachmentIdPipe) attachmentId: string): Promise<void> {
    await this.attachments.remove(actor, id, attachmentId);
  }

  @Get(':attachmentId/content')
  @ApiOperation({ summary: 'The file (supports Range); inline, or as a download with ?download=true' })
  @ApiQuery({ name: 'download', required: false, type: Boolean })
  @ApiProduces('image/jpeg', 'image/png', 'image/heic', 'image/webp', 'application/pdf', 'video/mp4', 'video/quicktime', 'video/webm')
  @ApiOkResponse({ description: 'The file' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async content(
    @CurrentActor() actor: Actor,
    @Param('id', ticketIdPipe) id: string,
    @Param('attachmentId', attachmentIdPipe) attachmentId: string,
    @Query('download') download: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await sendFile(res, await this.attachments.content(actor, id, attachmentId, req.headers.range), download === 'true' || download === '1');
  }

  @Get(':attachmentId/thumbnail')
  @ApiOperation({ summary: "An image's thumbnail (WebP, 320 px wide); 404 while it is being made or when the image has none" })
  @ApiProduces('image/webp')
  @ApiOkResponse({ description: 'The thumbnail' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async thumbnail(
    @CurrentActor() actor: Actor,
    @Param('id', ticketIdPipe) id: string,
    @Param('attachmentId', attachmentIdPipe) attachmentId: string,
    @Res() res: Response,
  ): Promise<void> {
    await sendFile(res, await this.attachments.thumbnail(actor, id, attachmentId), false);
  }
}
