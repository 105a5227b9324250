import { Module } from '@nestjs/common';
import { SearchController } from './search.controller.js';
import { SearchService } from './search.service.js';

/** The top bar's global search (issue 17). */
@Module({
  controllers: [SearchController],
  providers: [SearchService],
})
export class SearchModule {}
