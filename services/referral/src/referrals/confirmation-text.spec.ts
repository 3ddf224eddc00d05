import {
  CONFIRMATION_LOCATION_MAX,
  CONFIRMATION_NAME_MAX,
  confirmationLocation,
  confirmationName,
} from './confirmation-text';

describe('what the confirmation repeats of what was typed', () => {
  it.each([
    'Sam Taylor',
    "Zoë O'Neill 👋 lz3k9q1x",
    'E2E Tester lz3k9q1xa8b2c',
    'J.R. Hartley',
    'María José García-López',
    '王秀英',
    'n'.repeat(CONFIRMATION_NAME_MAX),
  ])('greets by the name %p', (name) => {
    expect(confirmationName(name)).toBe(name);
  });

  it.each([
    // A message with a link, in place of a name.
    'Customer, your bank account is locked. Verify now at https://evil.example/login',
    'Verify at https://evil.example',
    'Verify at evil.example/login',
    'Verify at evil。example',
    'Verify at www.evil.example',
    'mailto:help',
    'Write to help@evil.example',
    'Write to help＠evil',
    'Call 0800 123 4567',
    'Call +44 (20) 7946-0000',
    'n'.repeat(CONFIRMATION_NAME_MAX + 1),
  ])('leaves out the name %p', (name) => {
    expect(confirmationName(name)).toBeNull();
  });

  it('says "Hello," when there is no name', () => {
    expect(confirmationName(null)).toBeNull();
    expect(confirmationName('')).toBeNull();
  });

  it.each([
    'Leeds, UK',
    'Leeds <-> York & "Harrogate"',
    'St. Albans',
    'Boston, MA 02118',
    'Stratford-upon-Avon, Warwickshire, United Kingdom',
  ])('shows the location %p', (location) => {
    expect(confirmationLocation(location)).toBe(location);
  });

  it.each([
    'URGENT: visit https://evil.example/claim',
    'Leeds (see evil.example)',
    'Leeds, call 07700 900123',
    'x'.repeat(CONFIRMATION_LOCATION_MAX + 1),
  ])('leaves out the location %p', (location) => {
    expect(confirmationLocation(location)).toBeNull();
  });
});
