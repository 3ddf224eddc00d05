import { createApi } from '@reduxjs/toolkit/query/react';
import { fetchWithReadRetries } from './readRetry';
import { attachApi } from './store';

/** Where the gateway serves its REST API (described at /api/docs). */
export const API_BASE_URL = '/api';

/** The spec's cache lifetime: data no component uses any more is kept 5 minutes, then dropped. */
export const UNUSED_DATA_SECONDS = 300;

export interface ApiOptions {
  baseUrl?: string;
  /** The fetch to use; tests pass a fake one. */
  fetchFn?: typeof fetch;
}

/**
 * The one RTK Query API for our gateway. It has no endpoints of its own: each feature adds
 * its own from its folder with `api.injectEndpoints`, so an endpoint's code loads with the
 * feature that uses it (and RTK Query with the first such feature, see `./store`).
 */
export function createAppApi({ baseUrl = API_BASE_URL, fetchFn }: ApiOptions = {}) {
  return createApi({
    reducerPath: 'api',
    // Failed reads are retried (spec §9, see ./readRetry); nothing that may have been applied is.
    baseQuery: fetchWithReadRetries({
      baseUrl,
      ...(fetchFn ? { fetchFn } : {}),
      // The admin's access token, held in memory only (features/admin/adminAuthSlice).
      prepareHeaders: (headers, { getState }) => {
        const token = (getState() as { adminAuth?: { accessToken?: string } }).adminAuth
          ?.accessToken;
        if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
        return headers;
      },
    }),
    keepUnusedDataFor: UNUSED_DATA_SECONDS,
    endpoints: () => ({}),
  });
}

export const api = createAppApi();
// Importing this module is what puts the API into the site's store.
attachApi(api);
