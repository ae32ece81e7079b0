import { REAL_VINS } from '../../test/vins';
import { checkDigit, isNorthAmerican, normaliseVin, vinProblem } from './vin-check';

describe('a VIN checked (form and check digit)', () => {
  it.each(Object.entries(REAL_VINS))(
    'accepts the real %s VIN %s, whose check digit holds',
    (_, vin) => {
      expect(vinProblem(vin)).toBeNull();
      // Every one of these makers writes the check digit, North American or not.
      expect(checkDigit(vin)).toBe(vin[8]);
    },
  );

  it('computes the check digit X for a remainder of 10', () => {
    expect(checkDigit(REAL_VINS.bmwX1)).toBe('X');
  });

  it('says how many characters a VIN has and how many this one has', () => {
    expect(vinProblem(REAL_VINS.tesla.slice(0, 16))).toBe(
      'A VIN has 17 characters, this one has 16',
    );
    expect(vinProblem(`${REAL_VINS.tesla}9`)).toBe('A VIN has 17 characters, this one has 18');
    expect(vinProblem('')).toBe('A VIN has 17 characters, this one has 0');
  });

  it('refuses I, O and Q, naming the character', () => {
    expect(vinProblem('5YJSO1H12FFP71790')).toBe('A VIN has no letter O (character 5)');
    expect(vinProblem('IYJSA1H12FFP71790')).toBe('A VIN has no letter I (character 1)');
    expect(vinProblem('5YJSA1H12FFP7179Q')).toBe('A VIN has no letter Q (character 17)');
  });

  it('refuses anything but capital letters and digits, naming the character', () => {
    expect(vinProblem('5YJSA-H12FFP71790')).toBe(
      'A VIN has only letters and digits: character 6 is "-"',
    );
    expect(vinProblem('5YJSA1H12FFP7179é')).toBe(
      'A VIN has only letters and digits: character 17 is "é"',
    );
    expect(vinProblem('5YJSA1H12FF 71790')).toBe(
      'A VIN has only letters and digits: character 12 is " "',
    );
  });

  it('refuses a North American VIN whose check digit is wrong, saying what it should be', () => {
    // One character mistyped (the serial's 7 read as 1): the check digit no longer matches.
    expect(vinProblem('5YJSA1H12FFP11790')).toBe(
      'Character 9 should be X (the check digit), not 2',
    );
    expect(vinProblem('5YJSA1H13FFP71790')).toBe(
      'Character 9 should be 2 (the check digit), not 3',
    );
    expect(vinProblem('1HGCM826X3A004352')).toBe(
      'Character 9 should be 3 (the check digit), not X',
    );
    expect(vinProblem('5UXWX9C5XF0D45921')).toBe(
      'Character 9 should be 8 (the check digit), not X',
    );
  });

  it('does not hold a VIN from elsewhere to a check digit (Europe does not use one)', () => {
    // A Volkswagen for Europe: position 9 is a filler Z, not a check digit.
    expect(isNorthAmerican('WVWZZZ1KZ6W612305')).toBe(false);
    expect(vinProblem('WVWZZZ1KZ6W612305')).toBeNull();
    expect(vinProblem('ZFF95NLA1M0265910')).toBeNull();
  });

  it('reads a VIN as written: capitals, no spaces around it', () => {
    expect(normaliseVin('  5yjsa1h12ffp71790 \n')).toBe(REAL_VINS.tesla);
    expect(vinProblem(normaliseVin(' wp0ab2y18lsa50759 '))).toBeNull();
  });
});
