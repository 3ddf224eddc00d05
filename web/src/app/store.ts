import {
  combineReducers,
  configureStore,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { questionnaireReducer } from '../features/questionnaire/questionnaireSlice';

const rootReducer = combineReducers({ questionnaire: questionnaireReducer });

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store per prerendered page; the browser makes one, seeded from sessionStorage. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;
