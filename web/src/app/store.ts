import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Middleware,
  type ThunkAction,
  type UnknownAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { api } from './api';
import type { adminAuthSlice } from '../features/admin/adminAuthSlice';
import type { questionnaireSlice } from '../features/questionnaire/questionnaireSlice';

/*
 * Every part of the state has its place in the store but joins it with the code that uses
 * it, so a page's initial JavaScript carries none a page does not need: the questionnaire when
 * the checker loads (../features/questionnaire/questionnaireSlice), the admin's session with
 * the admin area, and the gateway's RTK Query API (./api) when the first feature with
 * endpoints loads (RTK Query is about 20 KB gzip, and few pages fetch anything).
 */
export const rootReducer = combineSlices().withLazyLoadedSlices<
  WithSlice<typeof questionnaireSlice> & WithSlice<typeof api> & WithSlice<typeof adminAuthSlice>
>();
const apiMiddleware = createDynamicMiddleware();
let attached: typeof api | undefined;

/**
 * A store made before the API came (the browser's is) gets the API's state only when an action
 * next runs the reducers, but RTK Query reads that state before its first action: run one.
 */
const apiStateOnFirstUse: Middleware = (store) => (next) => (action) => {
  if (attached && (store.getState() as Partial<RootState>)[attached.reducerPath] === undefined) {
    next({ type: 'app/apiAttached' });
  }
  return next(action);
};

/** Gives every store, made already or to come, the API's cache reducer and its middleware. */
export function attachApi(lazy: typeof api): void {
  rootReducer.inject(lazy);
  apiMiddleware.addMiddleware(lazy.middleware);
  attached = lazy;
}

export type RootState = ReturnType<typeof rootReducer>;

/**
 * A fresh store per prerendered page; the browser makes one, seeded from sessionStorage (the
 * preloaded questionnaire is kept: restoring it loads, and so adds, the questionnaire slice).
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(apiStateOnFirstUse).concat(apiMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;
