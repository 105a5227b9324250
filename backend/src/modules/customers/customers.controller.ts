import { Body, Controller, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { uuidOr404 } from '../../common/http/ids.js';
import { setContentRange } from '../../common/http/list-query.js';
import { CustomerMergeService } from './customer-merge.service.js';
import { CustomerPagesService } from './customer-pages.service.js';
import { CustomerNotFoundError } from './customers.errors.js';
import {
  CustomerDetailDto,
  CustomerListItemDto,
  CustomerMergeResultDto,
  ListCustomersQueryDto,
  MergeCustomersDto,
  UpdateCustomerDto,
} from './dto/customer.dto.js';

const customerIdPipe = uuidOr404(() => new CustomerNotFoundError());

@ApiTags('customers')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller('customers')
export class CustomersController {
  constructor(
    private readonly pages: CustomerPagesService,
    private readonly merges: CustomerMergeService,
  ) {}

  @Get()
  @ApiOperation({
    summary: "List the organization's customers, newest first, with their ticket count and latest ticket",
    description:
      'react-admin conventions (`filter`, `range`, `sort`; `Content-Range: customers a-b/total`). `q` (or `filter.q`) searches the name, ' +
      'e-mail and phone digits. With a search the total is exact up to 1000 matches and an estimate beyond (`X-Total-Count-Estimated: true`).',
  })
  @ApiOkResponse({
    type: [CustomerListItemDto],
    headers: {
      'Content-Range': { description: 'customers <start>-<end>/<total>', schema: { type: 'string' } },
      'X-Total-Count': { description: 'The total', schema: { type: 'string' } },
    },
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: ListCustomersQueryDto, @Res({ passthrough: true }) res: Response): Promise<CustomerListItemDto[]> {
    const page = await this.pages.list(actor, query);
    setContentRange(res, 'customers', page.offset, page.items.length, page.total);
    res.setHeader('X-Total-Count', String(page.total));
    const exposed = ['Content-Range', 'X-Total-Count'];
    if (page.estimated) {
      res.setHeader('X-Total-Count-Estimated', 'true');
      exposed.push('X-Total-Count-Estimated');
    }
    res.setHeader('Access-Control-Expose-Headers', exposed.join(', '));
    return page.items;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One customer: contact details, address, tickets with their warranty, calls, and counts' })
  @ApiOkResponse({ type: CustomerDetailDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such customer in your organization' })
  get(@CurrentActor() actor: Actor, @Param('id', customerIdPipe) id: string): Promise<CustomerDetailDto> {
    return this.pages.get(actor, id);
  }

  @Put(':id')
  @ApiOperation({
    summary: "Edit a customer's contact details and address",
    description: "The create form's rules for the same fields. Phone and e-mail are unique in the organization: another customer's is a 400 naming that customer (`details`).",
  })
  @ApiOkResponse({ type: CustomerDetailDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A failing rule, or the phone or e-mail of another customer (customers.phone_taken, customers.email_taken)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  update(@CurrentActor() actor: Actor, @Param('id', customerIdPipe) id: string, @Body() dto: UpdateCustomerDto): Promise<CustomerDetailDto> {
    return this.pages.update(actor, id, dto);
  }

  @Post(':id/merge')
  @ApiOperation({
    summary: 'Merge another customer into this one',
    description:
      "The other customer's tickets (with their messages) and calls move to this one, this one's empty contact fields are filled from it, " +
      'it is deleted, and the audit log records the merge (customers_merged); one transaction.',
  })
  @ApiOkResponse({ type: CustomerMergeResultDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A customer cannot be merged into itself' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Either customer is not one of your organization' })
  merge(@CurrentActor() actor: Actor, @Param('id', customerIdPipe) id: string, @Body() dto: MergeCustomersDto): Promise<CustomerMergeResultDto> {
    return this.merges.merge(actor, id, dto.from_customer_id);
  }
}
