import { Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { type ListActiveSpecialistsResponse } from '@handcheck/contracts';
import { withHeaders } from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';
import { DirectoryClient } from './directory.client';
import { type SpecialistListDto } from './dto/specialist.dto';
import { RefreshingCache } from './refreshing-cache';

export const DIRECTORY_UNAVAILABLE_MESSAGE = 'The specialist directory is unavailable.';

/** A list this old is no longer shown, even when the directory cannot be asked for a new one. */
export const MAX_STALE_MS = 24 * 60 * 60 * 1000;

/** After a failed call, the directory is not asked again for this long. */
export const RETRY_AFTER_FAILURE_MS = 2_000;

/** The directory's answer in the API's (the spec's) field names. */
export function toSpecialistList(response: ListActiveSpecialistsResponse): SpecialistListDto {
  return {
    specialists: response.specialists.map((specialist) => ({
      id: specialist.id,
      name: specialist.name,
      specialty_note: specialist.specialtyNote ?? null,
      clinic: specialist.clinic,
      location: specialist.location,
      url: specialist.url,
    })),
  };
}

/** The active specialists, from memory (see RefreshingCache) or from the directory service. */
@Injectable()
export class SpecialistsService {
  private readonly logger = new Logger('Specialists');
  private readonly cache: RefreshingCache<SpecialistListDto>;
  readonly freshSeconds: number;

  constructor(directory: DirectoryClient, env: GatewayEnv) {
    this.freshSeconds = env.DIRECTORY_CACHE_SECONDS;
    this.cache = new RefreshingCache(
      async () => toSpecialistList(await directory.rpc.listActiveSpecialists()),
      {
        freshMs: env.DIRECTORY_CACHE_SECONDS * 1000,
        maxStaleMs: MAX_STALE_MS,
        retryAfterFailureMs: RETRY_AFTER_FAILURE_MS,
      },
      // Once per failed call (at most one every RETRY_AFTER_FAILURE_MS), not once per answer.
      (error) =>
        this.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'The directory could not be reached; the list held, if any, is served',
        ),
    );
  }

  /** The list, or a 503 when the directory cannot be reached and nothing is held. */
  async list(): Promise<SpecialistListDto> {
    try {
      return (await this.cache.get()).value;
    } catch {
      throw withHeaders(new ServiceUnavailableException(DIRECTORY_UNAVAILABLE_MESSAGE), {
        'Cache-Control': 'no-store',
      });
    }
  }
}
