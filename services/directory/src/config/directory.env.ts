import { IsString, Matches } from 'class-validator';
import { CommonEnv } from '@handcheck/server-kit';

export class DirectoryEnv extends CommonEnv {
  override PORT = 8082;

  @IsString()
  @Matches(/^mongodb(\+srv)?:\/\/\S+$/, {
    message: 'MONGO_URL must be a mongodb:// connection string',
  })
  MONGO_URL = 'mongodb://127.0.0.1:27017/handcheck';
}
