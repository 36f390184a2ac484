import { changeRange } from './dayRange.js';

describe('changeRange', () => {
  const range = { from: '2031-06-01', to: '2031-06-10' };
  it('takes "a" along when "Data da" is picked later than it', () => {
    expect(changeRange(range, 'from', '2031-06-15')).toEqual({ from: '2031-06-15', to: '2031-06-15' });
  });
  it('takes "Data da" back when "a" is picked earlier than it', () => {
    expect(changeRange(range, 'to', '2031-05-20')).toEqual({ from: '2031-05-20', to: '2031-05-20' });
  });
  it('leaves the other end alone inside the range, or while a field is being emptied', () => {
    expect(changeRange(range, 'from', '2031-06-05')).toEqual({ from: '2031-06-05', to: '2031-06-10' });
    expect(changeRange(range, 'to', '2031-06-20')).toEqual({ from: '2031-06-01', to: '2031-06-20' });
    expect(changeRange(range, 'from', '')).toEqual({ from: '', to: '2031-06-10' });
  });
});
