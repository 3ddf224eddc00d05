import { declaredLength, jsonShapeProblem, limitBytes } from './json-guard';

describe('jsonShapeProblem', () => {
  it('accepts ordinary bodies', () => {
    expect(
      jsonShapeProblem({ events: [{ type: 'page_view', eventData: { a: [1, { b: 2 }] } }] }),
    ).toBeUndefined();
    expect(jsonShapeProblem(null)).toBeUndefined();
    expect(jsonShapeProblem('text')).toBeUndefined();
  });

  it.each(['{"__proto__":null}', '{"events":[{"constructor":null}]}', '{"a":{"prototype":1}}'])(
    'refuses object machinery keys: %s',
    (raw) => {
      expect(jsonShapeProblem(JSON.parse(raw))).toMatch(/may not use the key/);
    },
  );

  it('refuses nesting thousands of levels deep without overflowing the stack', () => {
    const deep = JSON.parse(`{"eventData":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expect(jsonShapeProblem(deep)).toMatch(/nested more than 32 levels/);
    expect(jsonShapeProblem(JSON.parse(`${'['.repeat(32)}${']'.repeat(32)}`))).toBeUndefined();
  });
});

describe('limitBytes and declaredLength', () => {
  it('reads body-parser limits and plain Content-Length values', () => {
    expect(limitBytes('64kb')).toBe(65_536);
    expect(limitBytes('100kb')).toBe(102_400);
    expect(limitBytes('1mb')).toBe(1_048_576);
    expect(declaredLength('65537')).toBe(65_537);
    expect(declaredLength(undefined)).toBeUndefined();
    expect(declaredLength('12, 12')).toBeUndefined();
  });
});
