import { ageInYears, maskSealed, sealedDateInput } from './index';

const now = new Date(2026, 5, 15, 12, 0, 0);

describe('ages and sealed dates', () => {
  it('rounds ages to the nearest quarter year', () => {
    expect(ageInYears('1986-06-15', null, now)).toBe(40);
    expect(ageInYears('1986-03-15', null, now)).toBe(40.25);
    expect(ageInYears('1985-12-20', null, now)).toBe(40.5);
    expect(ageInYears('1985-09-20', null, now)).toBe(40.75);
    expect(ageInYears('05/10/1986', null, now)).toBe(40);
    expect(ageInYears(null, null, now)).toBeNull();
  });
  it('stops the age at the death date', () => {
    expect(ageInYears('1950-01-01', '2000-07-01', now)).toBe(50.5);
  });
  it('masks a date of birth to its year and reads the mask back as unchanged', () => {
    expect(maskSealed('coDOB', '1958')).toBe('**/**/1958');
    expect(maskSealed('dlId', '1234')).toBe('****1234');
    expect(sealedDateInput.parse('**/**/1958')).toBeUndefined();
    expect(sealedDateInput.parse('4/1/1958')).toBe('04/01/1958');
    expect(sealedDateInput.parse('')).toBeNull();
    expect(sealedDateInput.safeParse('13/40/1958').success).toBe(false);
  });
});
