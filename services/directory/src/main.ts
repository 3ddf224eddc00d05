import 'reflect-metadata';
import { DirectoryService } from '@handcheck/contracts';
import { runHybridService } from '@handcheck/server-kit';
import { AppModule } from './app.module';
import { DirectoryEnv } from './config/directory.env';

// HTTP for health and metrics; gRPC (GRPC_PORT) for the gateway.
runHybridService(AppModule, DirectoryEnv, [DirectoryService]);
