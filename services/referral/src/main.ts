import 'reflect-metadata';
import { ReferralService } from '@handcheck/contracts';
import { runHybridService } from '@handcheck/server-kit';
import { AppModule } from './app.module';
import { ReferralEnv } from './config/referral.env';

// HTTP for health and metrics; gRPC (GRPC_PORT) for the gateway's admin routes.
runHybridService(AppModule, ReferralEnv, [ReferralService]);
