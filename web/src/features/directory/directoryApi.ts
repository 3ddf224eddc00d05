import { api } from '../../app/api';

/** One active specialist, as GET /api/specialists answers (the spec's field names). */
export interface Specialist {
  id: string;
  name: string;
  specialty_note: string | null;
  clinic: string;
  location: string;
  url: string;
}

export interface SpecialistList {
  specialists: Specialist[];
}

/** GET /api/specialists: every active specialist, by location then name. */
export const directoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    activeSpecialists: build.query<SpecialistList, void>({
      query: () => 'specialists',
    }),
  }),
});

export const { useActiveSpecialistsQuery } = directoryApi;
