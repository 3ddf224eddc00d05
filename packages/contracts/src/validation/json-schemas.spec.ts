import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { ReferralRequestBody } from '../referral';
import { EMAIL_PATTERN } from '../text/email';
import { checkContract } from './check-contract';
import { IsEmailAddress } from './is-email-address';
import { contractSchemas } from './json-schemas';

const textOrEmpty = ({ value }: { value: unknown }) => (typeof value === 'string' ? value : '');
const textOrNull = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value !== '' ? value : null;

class SchemaProbeItem {
  @IsInt()
  count!: number;
}

/** A contract with one field of each kind the generator handles. */
class SchemaProbe {
  @JSONSchema({ example: 'a@example.org' })
  @IsEmailAddress()
  email: string = '';

  @JSONSchema({ example: 'Leeds' })
  @Transform(textOrEmpty)
  @IsString()
  @IsNotEmpty()
  @MaxLength(10)
  place: string = '';

  @JSONSchema({ example: null })
  @Transform(textOrNull)
  @IsOptional()
  @IsString()
  @MaxLength(20)
  note: string | null = null;

  @JSONSchema({ example: ['x'] })
  @Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? value.filter((item) => typeof item === 'string' && item !== '') : value,
  )
  @IsArray()
  @ArrayMaxSize(2)
  @IsString({ each: true })
  tags: string[] = [];

  @JSONSchema({ example: [] })
  @IsArray()
  @ArrayMaxSize(2)
  @IsInt({ each: true })
  counts: number[] = [];

  @JSONSchema({ example: [] })
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => SchemaProbeItem)
  items?: SchemaProbeItem[];
}

type Props = Record<string, Record<string, unknown>>;

describe('contractSchemas', () => {
  const schemas = contractSchemas([SchemaProbe]);
  const schema = schemas.SchemaProbe!;
  const props = schema.properties as Props;

  it('the example it is built from is a body the class accepts', () => {
    const example = Object.fromEntries(Object.entries(props).map(([k, p]) => [k, p.example]));
    expect(checkContract(SchemaProbe, example)).toMatchObject({ ok: true });
  });

  it('requires exactly the fields whose default the class refuses', () => {
    expect(schema.required).toEqual(['email', 'place']);
  });

  it('refuses other fields, as the whitelisting validation does', () => {
    expect(schema.additionalProperties).toBe(false);
    expect(checkContract(SchemaProbe, { email: 'a@b.org', place: 'x', other: 1 }).ok).toBe(false);
  });

  it("states the validators' bounds, and names the e-mail rule by its pattern", () => {
    expect(props.email).toMatchObject({
      type: 'string',
      pattern: EMAIL_PATTERN.source,
      description: expect.stringContaining('HTML standard'),
    });
    expect(props.email!.format).toBeUndefined();
    expect(props.place).toMatchObject({ type: 'string', minLength: 1, maxLength: 10 });
    expect(props.counts).toMatchObject({ type: 'array', maxItems: 2, items: { type: 'integer' } });
  });

  it('makes an @IsOptional field nullable', () => {
    expect(props.note).toMatchObject({ nullable: true, maxLength: 20 });
    expect(props.items).toMatchObject({ nullable: true });
    expect(props.place!.nullable).toBeUndefined();
  });

  it('says no type where cleaning turns any value into accepted empty text', () => {
    expect(props.note!.type).toBeUndefined();
    expect(props.note!.description).toMatch(/not a string counts as empty/);
    expect(checkContract(SchemaProbe, { email: 'a@b.org', place: 'x', note: {} }).ok).toBe(true);
    // Refused when not a string: the type stays.
    expect(props.place!.type).toBe('string');
    expect(checkContract(SchemaProbe, { email: 'a@b.org', place: 42 }).ok).toBe(false);
  });

  it('puts a bound on cleaned list items in words, where empty items are left out first', () => {
    expect(props.tags).toMatchObject({ type: 'array', items: {} });
    expect(props.tags!.maxItems).toBeUndefined();
    expect((props.tags!.items as Record<string, unknown>).type).toBeUndefined();
    expect(props.tags!.description).toMatch(/At most 2 items that are not empty once cleaned/);
    expect(
      checkContract(SchemaProbe, { email: 'a@b.org', place: 'x', tags: ['', 1, {}, 'a'] }).ok,
    ).toBe(true);
  });

  it('includes the classes a contract nests, by reference', () => {
    expect(props.items).toMatchObject({
      type: 'array',
      items: { $ref: '#/components/schemas/SchemaProbeItem' },
    });
    expect(schemas.SchemaProbeItem).toMatchObject({
      properties: { count: { type: 'integer' } },
      required: ['count'],
      additionalProperties: false,
    });
  });

  it('generates only the classes asked for and what they nest', () => {
    expect(Object.keys(schemas).sort()).toEqual(['SchemaProbe', 'SchemaProbeItem']);
    expect(Object.keys(contractSchemas([ReferralRequestBody]))).toEqual(['ReferralRequestBody']);
  });
});
