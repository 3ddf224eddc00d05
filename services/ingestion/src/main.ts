import 'reflect-metadata';
import { runService } from '@handcheck/server-kit';
import { AppModule } from './app.module';
import { IngestionEnv } from './config/ingestion.env';

runService(AppModule, IngestionEnv);
