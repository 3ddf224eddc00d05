import { EMAIL_MAX, cleanEmail, isEmail } from './email';

describe('isEmail: the HTML standard\'s "valid e-mail address"', () => {
  it.each([
    'person@example.com',
    'first.last+tag@mail.example.co.uk',
    'a@b.io',
    "o'brien@example.ie",
    'x!#$%&*/=?^_`{|}~-@example.org',
    // <input type=email> takes a dotless domain, so we do too (an intranet relay can deliver it).
    'person@example',
  ])('accepts %s', (email) => {
    expect(isEmail(email)).toBe(true);
  });

  it.each([
    '',
    'plainaddress',
    'no-at.example.com',
    'two@@example.com',
    'a@b@example.com',
    'person@.com',
    'person@example..com',
    'person@-example.com',
    'person@example-.com',
    'per son@example.com',
    'person@exa mple.com',
    '@example.com',
    'person@',
    // An attribute injection: quotes would be mangled in Reply-To and are refused by SMTP (553).
    'r3b"onmouseover="alert(4)"x@example.com',
    '"quoted"@example.com',
    'person@example.com\nBcc: x@example.com',
    'person(comment)@example.com',
    'pérson@example.com',
    `person@${'a'.repeat(64)}.com`,
  ])('refuses %p', (email) => {
    expect(isEmail(email)).toBe(false);
  });

  it('refuses an address longer than 254 characters', () => {
    const fits = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(63)}.com`;
    expect(fits).toHaveLength(EMAIL_MAX);
    expect(isEmail(fits)).toBe(true);
    expect(isEmail(`a${fits}`)).toBe(false);
  });
});

describe('cleanEmail', () => {
  it('trims and strips markup before checking', () => {
    expect(cleanEmail('  <b>person@example.com</b> ')).toBe('person@example.com');
  });

  it('is empty for what is not an address, and for non-strings', () => {
    expect(cleanEmail('not an address')).toBe('');
    expect(cleanEmail(undefined)).toBe('');
    expect(cleanEmail(12)).toBe('');
  });
});
