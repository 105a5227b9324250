import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { type Actor, CurrentActor } from '../../../common/auth/actor.js';
import { ROLE_MESSAGES } from '@warranty-crm/contract';
import { RequireRole } from '../../../common/auth/roles.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { uuidOr404 } from '../../../common/http/ids.js';
import { ProductNotFoundError } from './products.errors.js';
import { setContentRange } from '../../../common/http/list-query.js';
import { ListProductsQueryDto, ProductInputDto, ProductResponseDto } from './product.dto.js';
import { ProductsService, toProductResponse } from './products.service.js';

const productIdPipe = uuidOr404(() => new ProductNotFoundError());

const ADMINS_ONLY = ROLE_MESSAGES.settings;

@ApiTags('products')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto })
@Controller('products')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get()
  @ApiOperation({ summary: "The organization's products, of one brand with ?brand=; Content-Range: products a-b/total" })
  @ApiOkResponse({ type: [ProductResponseDto] })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A malformed filter, sort or range (filter.id must be a list of product ids)' })
  async list(@CurrentActor() actor: Actor, @Query() query: ListProductsQueryDto, @Res({ passthrough: true }) res: Response): Promise<ProductResponseDto[]> {
    const page = await this.products.list(actor, query);
    setContentRange(res, 'products', page.offset, page.products.length, page.total);
    return page.products.map(toProductResponse);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One product' })
  @ApiOkResponse({ type: ProductResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('id', productIdPipe) id: string): Promise<ProductResponseDto> {
    return toProductResponse(await this.products.get(actor, id));
  }

  @Post()
  @RequireRole('admin', ADMINS_ONLY)
  @ApiOperation({ summary: 'Add a product to a brand' })
  @ApiCreatedResponse({ type: ProductResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A field is missing or invalid, the warranty term cannot be read, or the brand is not a saved brand' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The brand already has this SKU' })
  async create(@CurrentActor() actor: Actor, @Body() dto: ProductInputDto): Promise<ProductResponseDto> {
    return toProductResponse(await this.products.create(actor, dto));
  }

  @Put(':id')
  @RequireRole('admin', ADMINS_ONLY)
  @ApiOperation({ summary: 'Replace a product' })
  @ApiOkResponse({ type: ProductResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A field is missing or invalid, the warranty term cannot be read, or the brand is not a saved brand' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto })
  async update(@CurrentActor() actor: Actor, @Param('id', productIdPipe) id: string, @Body() dto: ProductInputDto): Promise<ProductResponseDto> {
    return toProductResponse(await this.products.update(actor, id, dto));
  }

  @Delete(':id')
  @RequireRole('admin', ADMINS_ONLY)
  @ApiOperation({ summary: 'Delete a product; answers the deleted product' })
  @ApiOkResponse({ type: ProductResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async remove(@CurrentActor() actor: Actor, @Param('id', productIdPipe) id: string): Promise<ProductResponseDto> {
    return toProductResponse(await this.products.remove(actor, id));
  }
}
