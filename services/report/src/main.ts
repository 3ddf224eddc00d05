import 'reflect-metadata';
import { runService } from '@handcheck/server-kit';
import { AppModule } from './app.module';
import { ReportEnv } from './config/report.env';

runService(AppModule, ReportEnv);
