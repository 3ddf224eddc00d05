import 'reflect-metadata';
import { ReportService } from '@handcheck/contracts';
import { runHybridService } from '@handcheck/server-kit';
import { AppModule } from './app.module';
import { ReportEnv } from './config/report.env';

// HTTP for health and metrics; gRPC (GRPC_PORT) for the gateway's test run.
runHybridService(AppModule, ReportEnv, [ReportService]);
