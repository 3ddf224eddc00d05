import { SetMetadata } from '@nestjs/common';

/** Metadata key read by an authenticating global guard (the gateway's). */
export const IS_PUBLIC_KEY = 'handcheck:isPublic';

/**
 * Marks a controller or route as open to anyone. A service with a global guard (the
 * gateway) refuses every route without a valid token unless it carries this marker, so
 * a new route is private until someone decides otherwise.
 */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);
