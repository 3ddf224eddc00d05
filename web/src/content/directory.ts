/** Words of the specialist directory on the results screen. */
export const DIRECTORY_COPY = {
  heading: 'Specialist Directory',
  intro:
    'Hand surgery specialists you can contact directly, grouped by location. HandCheck does not book appointments: please contact the clinic to arrange one.',
  visitSite: 'Visit clinic website',
  /** Logged (never shown) when the directory cannot be loaded: spec section 8. */
  loadFailure: 'Unable to load specialist information',
} as const;
