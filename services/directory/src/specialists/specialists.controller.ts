import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { type ListActiveSpecialistsResponseSchema } from '@handcheck/contracts';
import { type SpecialistRecord } from '@handcheck/contracts';
import { SpecialistsRepository } from './specialists.repository';

type ListAnswer = MessageInitShape<typeof ListActiveSpecialistsResponseSchema>;

/** DirectoryService over gRPC, for the gateway. */
@Controller()
export class SpecialistsController {
  constructor(private readonly specialists: SpecialistsRepository) {}

  /** Active only, ordered by location then name: the client groups and never sorts. */
  @GrpcMethod('DirectoryService', 'ListActiveSpecialists')
  async listActiveSpecialists(): Promise<ListAnswer> {
    const rows = await this.specialists.listActive();
    return { specialists: rows.map(toMessage) };
  }
}

export function toMessage(row: SpecialistRecord): NonNullable<ListAnswer['specialists']>[number] {
  return {
    id: row.id,
    name: row.name,
    // Absent, not empty, when there is none (the proto's `optional`).
    ...(row.specialty_note ? { specialtyNote: row.specialty_note } : {}),
    clinic: row.clinic,
    location: row.location,
    url: row.url,
    isActive: row.is_active,
  };
}
