import { brokerList } from './kafka.env';

describe('brokerList', () => {
  it('splits a comma-separated list, dropping blanks', () => {
    expect(brokerList(' a:1, b:2 ,')).toEqual(['a:1', 'b:2']);
  });
});
