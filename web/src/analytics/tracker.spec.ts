import { randomId } from './tracker';

describe('analytics ids', () => {
  it('makes RFC 4122 version 4 ids', () => {
    const ids = Array.from({ length: 50 }, randomId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
