import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { PassportModule } from '@nestjs/passport';
import { AdminJwtStrategy } from './admin-jwt.strategy';
import { AdminUsersRepository } from './admin-users.repository';
import { AuthController } from './auth.controller';
import { AuthKeys } from './auth-keys.service';
import { BootstrapAdmin } from './bootstrap-admin.service';
import { JwtAuthGuard } from './jwt-auth.guard';
import { LoginService } from './login.service';
import { LoginThrottle } from './login-throttle.service';
import { AdminSession, AdminSessionSchema } from './schemas/admin-session.schema';
import { AdminUser, AdminUserSchema } from './schemas/admin-user.schema';
import { RefreshClaim, RefreshClaimSchema } from './schemas/refresh-claim.schema';
import { RefreshToken, RefreshTokenSchema } from './schemas/refresh-token.schema';
import { SessionCheck } from './session-check.service';
import { TokenService } from './token.service';

/** Admin sign-in, sessions, and the global guard every non-public route passes. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: AdminUser.name, schema: AdminUserSchema },
      { name: RefreshToken.name, schema: RefreshTokenSchema },
      { name: AdminSession.name, schema: AdminSessionSchema },
      { name: RefreshClaim.name, schema: RefreshClaimSchema },
    ]),
    PassportModule,
  ],
  controllers: [AuthController],
  providers: [
    AdminUsersRepository,
    AuthKeys,
    SessionCheck,
    TokenService,
    LoginThrottle,
    LoginService,
    BootstrapAdmin,
    AdminJwtStrategy,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
  ],
  exports: [TokenService, AuthKeys],
})
export class AuthModule {}
