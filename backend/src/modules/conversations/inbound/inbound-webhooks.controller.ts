import { Controller, HttpCode, Post, Req, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../../common/auth/public.decorator.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { InboundEmailResultDto, toInboundEmailResult } from './dto/inbound-email-result.dto.js';
import { InboundEmailService } from './inbound-email.service.js';
import { InboundSmsService } from './inbound-sms.service.js';
import type { WebhookFile } from './mailgun-webhook.js';

/** Files of one inbound e-mail: at most 50, 25 MB each (as the SMTP receiver's default size limit). */
const MAX_FILES = 50;
const MAX_FILE_BYTES = 25 * 1024 * 1024;

/** Inbound mail and texts, posted by providers: no session, the provider's signature instead (403 otherwise). */
@ApiTags('webhooks')
@Public()
@Controller('webhooks')
export class InboundWebhooksController {
  constructor(
    private readonly email: InboundEmailService,
    private readonly sms: InboundSmsService,
  ) {}

  @Post('inbound-email')
  @HttpCode(200)
  @UseInterceptors(AnyFilesInterceptor({ limits: { files: MAX_FILES, fileSize: MAX_FILE_BYTES, fieldSize: 20 * 1024 * 1024 } }))
  @ApiOperation({
    summary: "Inbound e-mail in Mailgun's forward() shape",
    description:
      'Form fields recipient, sender, from, subject, body-plain, body-html, Message-Id, In-Reply-To, References, message-headers and files ' +
      'attachment-1..N (multipart/form-data or urlencoded), signed with timestamp, token and signature = hex HMAC-SHA256(timestamp + token) ' +
      "under the recipient organization's signing key (Settings → Inbound E-mail). A redelivered Message-Id answers 200 again and writes nothing.",
  })
  @ApiConsumes('multipart/form-data', 'application/x-www-form-urlencoded')
  @ApiOkResponse({ type: InboundEmailResultDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Missing or invalid signature, or a recipient that is no organization’s support address' })
  async inboundEmail(@Req() req: Request, @UploadedFiles() files: WebhookFile[] | undefined): Promise<InboundEmailResultDto> {
    return toInboundEmailResult(await this.email.receiveWebhook((req.body ?? {}) as Record<string, unknown>, files ?? []));
  }

  @Post('twilio/sms')
  @HttpCode(200)
  @ApiOperation({
    summary: "Twilio's messaging webhook for every brand number: the text joins the customer's open ticket or opens an inquiry (TwiML)",
    description: 'STOP, STOPALL, UNSUBSCRIBE, CANCEL, END and QUIT record the opt-out; START, UNSTOP and YES clear it; HELP answers. Idempotent by MessageSid.',
  })
  @ApiProduces('text/xml')
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Missing or invalid X-Twilio-Signature' })
  async inboundSms(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    const twiml = await this.sms.receive({
      method: req.method,
      path: req.path,
      url: req.originalUrl,
      signature: req.header('x-twilio-signature'),
      body: req.body,
      query: req.query as Record<string, unknown>,
    });
    res.type('text/xml');
    return twiml;
  }
}
