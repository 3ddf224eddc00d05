import { CommonEnv, IsMongoUrl } from '@handcheck/server-kit';

export class DirectoryEnv extends CommonEnv {
  override PORT = 8082;

  @IsMongoUrl()
  MONGO_URL = 'mongodb://127.0.0.1:27017/handcheck';
}
