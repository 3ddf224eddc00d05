import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH } from '../password';

export class LoginDto {
  @ApiProperty({ example: 'admin@example.com', format: 'email', maxLength: 254 })
  @IsEmail({ require_tld: false }, { message: 'Please enter a valid email address.' })
  @MaxLength(254)
  email!: string;

  @ApiProperty({ format: 'password', minLength: 1, maxLength: MAX_PASSWORD_LENGTH })
  @IsString()
  @IsNotEmpty({ message: 'Please enter your password.' })
  @MaxLength(MAX_PASSWORD_LENGTH)
  password!: string;
}
