import 'reflect-metadata';
import { runService } from '@handcheck/server-kit';
import { AppModule } from './app.module';
import { ReferralEnv } from './config/referral.env';

runService(AppModule, ReferralEnv);
