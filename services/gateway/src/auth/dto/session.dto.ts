import { ApiProperty } from '@nestjs/swagger';

export class SessionUserDto {
  @ApiProperty({ example: 'admin@example.com' })
  email!: string;
}

/** Spec §3's backend session; the refresh token travels only in its httpOnly cookie. */
export class AuthSessionDto {
  @ApiProperty({ description: 'JWT (HS256), sent as `Authorization: Bearer …`; lives 15 minutes.' })
  accessToken!: string;

  @ApiProperty({ format: 'date-time', description: 'When the access token expires.' })
  expiresAt!: string;

  @ApiProperty({ type: SessionUserDto })
  user!: SessionUserDto;
}

export class CurrentSessionDto {
  @ApiProperty({ type: SessionUserDto })
  user!: SessionUserDto;

  @ApiProperty({ format: 'date-time', description: 'When the presented access token expires.' })
  expiresAt!: string;
}
