import { Controller, Get, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { type FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator';
import { SpecialistListDto } from './dto/specialist.dto';
import { DIRECTORY_UNAVAILABLE_MESSAGE, SpecialistsService } from './specialists.service';

/**
 * Open to every visitor (the gateway's routes need an admin session unless marked public).
 * This controller declares the route and describes it (OpenAPI); SpecialistsRoute answers it
 * with a plain Fastify handler in place of this one (see there). Both answer alike.
 */
@Public()
@ApiTags('directory')
@Controller('specialists')
export class SpecialistsController {
  constructor(private readonly specialists: SpecialistsService) {}

  @Get()
  @ApiOperation({
    operationId: 'Specialists_list',
    summary: 'The specialist directory: every active specialist, by location then name',
    description:
      'Served from memory and refreshed from the directory service in the background, so an outage of the directory does not slow this answer. When the directory cannot be reached and the gateway holds no list, the answer is 503 (the site then hides the directory).',
  })
  @ApiOkResponse({
    type: SpecialistListDto,
    description: 'The active specialists; an empty list when none is active.',
    headers: {
      'Cache-Control': {
        description:
          'public, max-age=<seconds the gateway keeps the list fresh> (DIRECTORY_CACHE_SECONDS, default 30).',
        schema: { type: 'string', example: 'public, max-age=30' },
      },
    },
  })
  @ApiServiceUnavailableResponse({
    description: 'The directory cannot be reached and the gateway holds no list.',
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/ErrorAnswer' },
        example: {
          statusCode: 503,
          timestamp: '2025-01-01T12:00:00.000Z',
          path: '/api/specialists',
          message: DIRECTORY_UNAVAILABLE_MESSAGE,
          error: 'Service Unavailable',
        },
      },
    },
  })
  async list(@Res({ passthrough: true }) res: FastifyReply): Promise<SpecialistListDto> {
    const list = await this.specialists.list();
    res.header('Cache-Control', `public, max-age=${this.specialists.freshSeconds}`);
    return list;
  }
}
