import { type SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ReferralRequestBody, contractSchemas } from '@handcheck/contracts';

/**
 * The payloads that have a contract class in @handcheck/contracts, one line each. Their
 * schemas in the document are generated from the class's class-validator rules (the very
 * rules the gateway validates with), never written again by hand; each replaces whatever
 * Nest's scanner made of the class.
 */
const CONTRACTS: ReadonlyArray<new () => object> = [ReferralRequestBody];

export function contractComponentSchemas(): Record<string, SchemaObject> {
  // openapi3-ts' SchemaObject (the generator's) and Nest's type the same JSON differently.
  return contractSchemas(CONTRACTS) as Record<string, SchemaObject>;
}
