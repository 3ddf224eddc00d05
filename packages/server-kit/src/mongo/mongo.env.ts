import { IsString, Matches } from 'class-validator';

export class MongoEnv {
  @IsString()
  @Matches(/^mongodb(\+srv)?:\/\/\S+$/, {
    message: '$property must be a mongodb:// connection string',
  })
  MONGO_URL = 'mongodb://127.0.0.1:27017/handcheck';
}
