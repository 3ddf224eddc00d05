import 'reflect-metadata';
import { runService } from '@handcheck/server-kit';
import { AppModule } from './app.module';
import { DirectoryEnv } from './config/directory.env';

runService(AppModule, DirectoryEnv);
