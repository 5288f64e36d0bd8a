/**
 * Display labels of identifier types. Data brings the type (`gbr_company_number`, `ru_inn`,
 * `passport`); the /v1 shapes of the published client carry a `label` beside it, which is
 * derived here: words capitalised, country codes and known acronyms in capitals.
 */
import { COUNTRY_IDS } from './countries';

const UPPER = new Set([
  ...COUNTRY_IDS.map((c) => c.toLowerCase()),
  'uk', 'us', 'eu', 'ru', 'cn', 'de', 'fr', 'id', 'vat', 'inn', 'ogrn', 'kpp', 'lei', 'imo', 'mmsi', 'cik', 'ein', 'tin',
  'uscc', 'duns', 'swift', 'bic', 'iban', 'isin', 'ssn', 'nif', 'cif', 'rfc', 'cnpj', 'cpf', 'abn', 'acn', 'gst', 'pan',
]);

export function identifierLabel(type: string): string {
  return type
    .split('_')
    .filter(Boolean)
    .map((word) => (UPPER.has(word) ? word.toUpperCase() : word[0].toUpperCase() + word.slice(1)))
    .join(' ');
}
