import { Body, Controller, Get, HttpCode, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiExcludeEndpoint,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { Public } from '../../common/auth/public.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { CreateUploadDto, UploadParametersDto } from './dto/upload.dto.js';
import { LOCAL_STORAGE_ROUTE } from './drivers/local-disk.driver.js';
import { sendObjectResponse } from './object-response.js';
import { type SignedQuery, StorageService } from './storage.service.js';

/** The path after a route prefix, decoded (keys only hold URL-safe characters). */
function pathAfter(req: Request, prefix: string): string {
  return decodeURIComponent(req.path.slice(prefix.length));
}

@ApiTags('uploads')
@Controller()
export class StorageController {
  constructor(private readonly storage: StorageService) {}

  @Post('objects/upload')
  @HttpCode(200)
  @ApiCookieAuth()
  @ApiOperation({
    summary: 'Get a signed URL to upload one file straight to storage',
    description:
      'Checks the purpose\'s rules first (greeting_audio: MP3 or WAV, at most 5242880 bytes). Send the file with ' +
      '`method` to `uploadURL` with `headers`, exactly `size` bytes, within 15 minutes; then save `objectPath` in the setting.',
  })
  @ApiOkResponse({ type: UploadParametersDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto })
  createUpload(@CurrentActor() actor: Actor, @Body() dto: CreateUploadDto): Promise<UploadParametersDto> {
    return this.storage.createUpload(actor, dto);
  }

  /** Outside the /api prefix (see bootstrap): the spec's stored form of a file is this path. */
  @Get('objects/uploads/*path')
  @ApiCookieAuth()
  @ApiOperation({ summary: "Read an uploaded file of the signed-in user's organization (supports Range)" })
  @ApiParam({ name: 'path', required: true, type: String, description: 'The stored key after /objects/uploads/ (the `objectPath` of POST /api/objects/upload, may hold slashes)' })
  @ApiProduces('audio/mpeg', 'audio/wav')
  @ApiOkResponse({ description: 'The file' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async sendObject(@Req() req: Request, @Res() res: Response): Promise<void> {
    await sendObjectResponse(res, await this.storage.readObject(pathAfter(req, ''), req.headers.range));
  }

  /** The local driver's signed upload URL; with S3 the browser talks to the bucket instead. */
  @Public()
  @Put('storage/*path')
  @ApiExcludeEndpoint()
  @ApiForbiddenResponse({ type: ErrorResponseDto })
  async receiveSignedUpload(@Req() req: Request, @Res() res: Response, @Query() query: SignedQuery): Promise<void> {
    await this.storage.receiveSignedUpload(pathAfter(req, LOCAL_STORAGE_ROUTE), query, {
      contentLength: req.headers['content-length'],
      contentType: req.headers['content-type'],
      body: req,
    });
    res.status(200).end();
  }

  /** The local driver's signed download URL (signedReadUrl). */
  @Public()
  @Get('storage/*path')
  @ApiExcludeEndpoint()
  async sendSigned(@Req() req: Request, @Res() res: Response, @Query() query: SignedQuery): Promise<void> {
    await sendObjectResponse(res, await this.storage.readSigned(pathAfter(req, LOCAL_STORAGE_ROUTE), query, req.headers.range));
  }
}
