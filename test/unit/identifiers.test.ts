import { identifierLabel } from '../../src/domain/identifiers';

test.each([
  ['gbr_company_number', 'GBR Company Number'],
  ['ru_inn', 'RU INN'],
  ['passport', 'Passport'],
  ['usa_ein', 'USA EIN'],
  ['lei', 'LEI'],
  ['cyp_registration__number', 'CYP Registration Number'],
])('identifierLabel(%s) = %s', (type, label) => {
  expect(identifierLabel(type)).toBe(label);
});
