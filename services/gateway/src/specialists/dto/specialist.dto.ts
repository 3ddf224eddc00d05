import { ApiProperty } from '@nestjs/swagger';

/** One active specialist: the spec's surgeon record without is_active (always true here). */
export class SpecialistDto {
  @ApiProperty({ example: 'sample-uk-001', description: 'Stable id of the record.' })
  id!: string;

  @ApiProperty({ example: 'Ms Harriet Quillby', maxLength: 100 })
  name!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 200,
    example: 'Carpal tunnel and nerve compression surgery',
    description: 'What the specialist treats; null when the record has no note.',
  })
  specialty_note!: string | null;

  @ApiProperty({ example: 'Riverside Hand Clinic', maxLength: 100 })
  clinic!: string;

  @ApiProperty({
    example: 'Bristol, UK',
    maxLength: 100,
    description: 'Where the clinic is; the page groups specialists by this text.',
  })
  location!: string;

  @ApiProperty({
    example: 'https://riverside-hand.example.org/quillby',
    format: 'uri',
    maxLength: 2048,
    description: "The clinic's or specialist's page (https).",
  })
  url!: string;
}

export class SpecialistListDto {
  @ApiProperty({
    type: [SpecialistDto],
    description:
      'Every active specialist, ordered by location, then name (ascending). Empty when none is active.',
  })
  specialists!: SpecialistDto[];
}
