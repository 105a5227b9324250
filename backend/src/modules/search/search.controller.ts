import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { SearchQueryDto, SearchResultsDto } from './dto/search.dto.js';
import { SearchService } from './search.service.js';

@ApiTags('search')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller('search')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get()
  @ApiOperation({
    summary: "Search the organization's tickets, customers and calls",
    description:
      'Tickets by number, order number, serial number, SKU and description words; customers by name, e-mail and phone in any ' +
      'format; calls by caller number and transcript words. Grouped, best match first, at most 5 per group. ' +
      'A query shorter than 2 characters answers empty groups. A query shaped like a ticket number (WC-0012) matches ' +
      'ticket numbers that start with it; one written as a phone number ((555) 123-4567, +1 555 123 4567) matches phones ' +
      'only; one without three letters or digits in a row matches among the newest records.',
  })
  @ApiOkResponse({ type: SearchResultsDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  search(@CurrentActor() actor: Actor, @Query() query: SearchQueryDto): Promise<SearchResultsDto> {
    return this.searchService.search(actor, query.q);
  }
}
