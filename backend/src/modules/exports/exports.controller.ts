import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { sendObjectResponse } from '../storage/object-response.js';
import { RequireRole } from '../../common/auth/roles.js';
import { CreateCustomerDataExportDto, CreateExportDto, ExportDto, exportFileName, toExportDto } from './dto/export.dto.js';
import { ExportsService } from './exports.service.js';

@ApiTags('exports')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller('exports')
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({
    summary: 'Export a list to CSV',
    description:
      'Queues an export of the tickets (with the ticket list\'s filter) or the customers (with `q`). It runs as a job: follow it with ' +
      '`GET /api/exports/{id}` (status, progress) until it is ready, then download `download_url`. The requester gets an `export_ready` ' +
      'notification; the file is kept 24 hours.',
  })
  @ApiAcceptedResponse({ type: ExportDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async create(@CurrentActor() actor: Actor, @Body() dto: CreateExportDto): Promise<ExportDto> {
    return toExportDto(await this.exports.request(actor, dto.kind, dto.filter ?? {}));
  }

  @Post('customer-data')
  @HttpCode(202)
  @RequireRole('admin')
  @ApiOperation({
    summary: "Export a customer's data (administrators)",
    description:
      'Queues an archive (tar.gz) of everything held about one customer: `customer.json` (the customer, their tickets with all fields, ' +
      'call logs with transcripts and recording URLs, messages, attachments\' metadata, activity, notifications that name them) and ' +
      '`files/` (the attachments). Followed and downloaded like any export; kept 24 hours; recorded in the audit log.',
  })
  @ApiAcceptedResponse({ type: ExportDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such customer' })
  async createCustomerData(@CurrentActor() actor: Actor, @Body() dto: CreateCustomerDataExportDto): Promise<ExportDto> {
    return toExportDto(await this.exports.requestCustomerData(actor, dto.customer_id));
  }

  @Get()
  @ApiOperation({ summary: "The signed-in user's latest exports, newest first" })
  @ApiOkResponse({ type: [ExportDto] })
  async list(@CurrentActor() actor: Actor, @Res({ passthrough: true }) res: Response): Promise<ExportDto[]> {
    const records = await this.exports.recent(actor);
    res.setHeader('Content-Range', `exports 0-${Math.max(records.length - 1, 0)}/${records.length}`);
    res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
    return records.map(toExportDto);
  }

  @Get(':id')
  @ApiOperation({ summary: 'An export: its status and progress' })
  @ApiOkResponse({ type: ExportDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async one(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<ExportDto> {
    return toExportDto(await this.exports.get(actor, id));
  }

  @Get(':id/file')
  @ApiOperation({ summary: "A ready export's file: CSV, or a customer's data as tar.gz (Range supported)" })
  @ApiProduces('text/csv', 'application/gzip')
  @ApiOkResponse({ description: 'The file' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Not ready yet, or expired' })
  async file(@CurrentActor() actor: Actor, @Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const { record, answer } = await this.exports.download(actor, id, req.headers.range);
    res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(record)}"`);
    await sendObjectResponse(res, answer);
  }
}
