export {
  CSV_BOOLEANS,
  SPECIALIST_FIELDS,
  SPECIALIST_ID_PATTERN,
  SPECIALIST_LIMITS,
  SpecialistRow,
  specialistRecordOf,
  textProblem,
  urlProblem,
  type SpecialistRecord,
} from './specialist-row';
