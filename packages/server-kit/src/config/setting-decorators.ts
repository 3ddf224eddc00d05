import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
} from 'class-validator';

// One decorator per kind of setting, so each setting of an Env class reads as one line.
// Each is written as the decorators would be stacked on the property: class-validator
// reports a setting's failures in that order.

/** Applies decorators in the order TypeScript applies them when stacked as listed (bottom first). */
const stacked = (...decorators: PropertyDecorator[]): PropertyDecorator =>
  applyDecorators(...decorators.reverse());

/** A whole number read from its text, from min to max. */
export const IntSetting = ({ min, max }: { min: number; max: number }) =>
  stacked(
    Type(() => Number),
    IsInt(),
    Min(min),
    Max(max),
  );

/** `true`/`1` or `false`/`0`/empty. */
export const BoolSetting = () => stacked(Transform(booleanText), IsBoolean());

/** Text that may not be empty. */
export const TextSetting = () => stacked(IsString(), IsNotEmpty());

/** Text that may be empty or absent. */
export const OptionalTextSetting = () => stacked(IsOptional(), IsString());

/** A comma-separated list, read as an array (blanks dropped); validate its items after it. */
export const ListSetting = () => Transform(listText);

/** `host:port`, as gRPC clients take an address. */
export const HostPortSetting = () =>
  stacked(IsString(), Matches(/^[^\s:]+:\d+$/, { message: '$property must be host:port' }));

export const IsPort = () =>
  applyDecorators(
    Type(() => Number),
    IsInt(),
    Min(1),
    Max(65535),
  );

/** A port this process listens on; 0 asks the system for a free one (tests). */
export const IsListenPort = () =>
  applyDecorators(
    Type(() => Number),
    IsInt(),
    Min(0),
    Max(65535),
  );

function booleanText({ value }: { value: unknown }) {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0' || value === '') return false;
  return value;
}

function listText({ value }: { value: unknown }) {
  if (typeof value !== 'string') return value;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
