import 'reflect-metadata';
import { runService } from '@handcheck/server-kit';
import { AppModule } from './app.module';
import { GatewayEnv } from './config/gateway.env';
import { EVENTS_BODY_LIMIT, configureGateway } from './create-gateway';

runService(AppModule, GatewayEnv, { bodyLimit: EVENTS_BODY_LIMIT, configure: configureGateway });
