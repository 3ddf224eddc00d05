// `@handcheck/contracts/text`: the spec's text cleaning and the one e-mail rule.
// No class-validator here, so the browser bundle can import it.
export { cleanText } from '@handcheck/diagnosis';
export {
  cleanLine,
  cleanLines,
  cleanOptionalLine,
  cleanOptionalText,
  cleanVisibleText,
  joinLines,
  linesOf,
} from './clean-line';
export { EMAIL_MAX, EMAIL_PATTERN, cleanEmail, isEmail } from './email';
export { FORMAT_CHARACTERS, withoutInvisibles } from './invisible';
