import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { WarrantyAnalyticsDto, WarrantyAnalyticsQueryDto } from './dto/warranty-analytics.dto.js';
import { WarrantyAnalyticsService } from './warranty-analytics.service.js';

@ApiTags('analytics')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto })
@ApiBadRequestResponse({ type: ErrorResponseDto })
@Controller('analytics/warranty')
export class WarrantyAnalyticsController {
  constructor(private readonly analytics: WarrantyAnalyticsService) {}

  @Get()
  @ApiOperation({
    summary: 'Warranty analytics: claims and claim rate per product / SKU and issue category, top failure reasons, approval rate, cost per brand and month, median time to resolution',
    description: 'Claims are tickets, by their UTC creation day; cost comes from the resolutions\' items. Read from rollups kept by triggers.',
  })
  @ApiOkResponse({ type: WarrantyAnalyticsDto })
  summary(@CurrentActor() actor: Actor, @Query() query: WarrantyAnalyticsQueryDto): Promise<WarrantyAnalyticsDto> {
    return this.analytics.summary(actor, query.period ?? '30');
  }
}
