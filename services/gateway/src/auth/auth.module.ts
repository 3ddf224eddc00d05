import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthController } from './auth.controller';
import { AuthKeys } from './auth-keys';
import { BootstrapAdmin } from './bootstrap-admin';
import { JwtAuthGuard } from './jwt-auth.guard';
import { LoginService } from './login.service';
import { AdminUser, AdminUserSchema } from './schemas/admin-user.schema';
import { RefreshToken, RefreshTokenSchema } from './schemas/refresh-token.schema';
import { TokenService } from './token.service';

/** Admin sign-in, sessions, and the global guard every non-public route passes. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: AdminUser.name, schema: AdminUserSchema },
      { name: RefreshToken.name, schema: RefreshTokenSchema },
    ]),
  ],
  controllers: [AuthController],
  providers: [
    AuthKeys,
    TokenService,
    LoginService,
    BootstrapAdmin,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
  ],
  exports: [TokenService],
})
export class AuthModule {}
