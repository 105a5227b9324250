import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { RequireRole } from '../../common/auth/roles.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { CustomerErasureService } from './customer-erasure.service.js';

export class EraseCustomerDto {
  @ApiProperty({ description: "The customer's name, typed to confirm", example: 'Maria Gonzalez' })
  @IsString({ message: "confirm must be the customer's name" })
  @MaxLength(255, { message: "confirm must be the customer's name" })
  confirm!: string;
}

@ApiTags('customers')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller('customers')
export class CustomerDataController {
  constructor(private readonly erasure: CustomerErasureService) {}

  @Post(':id/erase')
  @HttpCode(204)
  @RequireRole('admin')
  @ApiOperation({
    summary: 'Erase a customer (administrators)',
    description:
      "Anonymises the customer (name becomes \"Erased customer\"; e-mail, phone, address removed) and everything of theirs: their tickets' " +
      'free text and confirmation e-mail, their call logs (caller, number, transcript, recording), the messages of their tickets, ' +
      'activity and notifications that quote them; deletes their attachments and, after the commit, the files from storage and the ' +
      'recordings at Twilio. Tickets stay (numbers, products, dates, statuses), so analytics do not change. `confirm` must be the ' +
      "customer's current name. Recorded in the audit log as `customer_erased`.",
  })
  @ApiNoContentResponse({ description: 'Erased' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "The confirmation is not the customer's name" })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async erase(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: EraseCustomerDto): Promise<void> {
    await this.erasure.erase(actor, id, dto.confirm);
  }
}
