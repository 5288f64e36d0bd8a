/**
 * The value of an attribute an organisation adds (POST/PATCH /v1/attribute), normalised into
 * the properties the published client parses for its type (its `<Type>Properties`: snake_case
 * keys, `value` a string or a number as the type says, required keys present). Every type takes
 * an object of its own properties (snake_case or camelCase); a plain string or number is taken
 * where what it means is clear (a name, a contact, an amount) and refused where it is not (a
 * bare number of shares). Anything refused is an AttributeValueError naming what is wrong, which
 * the service answers as a 400 on `value`. Normalised properties are themselves a valid input of
 * the same type, giving the same properties: stored attributes are read back through here.
 */
import countries from 'i18n-iso-countries';
import { COUNTRIES } from './countryTable';
import { isCountryId } from './countries';
import { isDateString } from './dates';

export class AttributeValueError extends Error {}

export type AttributeProperties = Record<string, unknown>;

const fail = (reason: string): never => { throw new AttributeValueError(reason); };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const words = (v: string): string => v.trim().toLowerCase().replace(/[\s-]+/g, '_');

/** Text: a non-empty string, trimmed, or a finite number written in decimal. */
function text(v: unknown, name: string): string {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return fail(`${name} must be text`);
  const t = v.trim();
  return t || fail(`${name} must not be empty`);
}

/** A number, or text that is one (`"1,250.5"`, `"60%"` is not: the unit is the key's). */
function num(v: unknown, name: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?[\d,]*\.?\d+(e[+-]?\d+)?\s*$/i.test(v) ? Number(v.replace(/,/g, '')) : NaN;
  return Number.isFinite(n) ? n : fail(`${name} must be a number`);
}

/** One of a closed list, matched without regard to case, spaces or hyphens. */
const oneOf = (list: readonly string[]) => (v: unknown, name: string): string => {
  const w = words(text(v, name));
  return list.includes(w) ? w : fail(`${name} must be one of ${list.join(', ')}`);
};
/** A code word of an open list (an identifier type, a risk tag): letters, digits, underscores. */
function code(v: unknown, name: string): string {
  const w = words(text(v, name));
  return /^[a-z0-9_]+$/.test(w) ? w : fail(`${name} must be a code of letters, digits and underscores`);
}
const currency = (v: unknown, name: string): string => {
  const t = text(v, name).toUpperCase();
  return /^[A-Z]{3}$/.test(t) ? t : fail(`${name} must be an ISO 4217 currency code`);
};
const language = (v: unknown, name: string): string => {
  const t = text(v, name).toLowerCase();
  return /^[a-z]{2}$/.test(t) ? t : fail(`${name} must be an ISO 639-1 language code`);
};
/** Alpha-2 codes outside ISO's table that users write: the United Kingdom, Kosovo. */
const ALPHA2_SPECIAL: Record<string, string> = { UK: 'GBR', XK: 'RKS' };
const byLabel = new Map(COUNTRIES.map((c) => [c.label.toLowerCase(), c.id]));
/** An ISO 3166 country as its alpha-3 id, from the id, the alpha-2 code or the English name. */
function country(v: unknown, name: string): string {
  const t = text(v, name);
  const upper = t.toUpperCase();
  if (isCountryId(upper)) return upper;
  const fromAlpha2 = upper.length === 2 ? (ALPHA2_SPECIAL[upper] ?? countries.alpha2ToAlpha3(upper)) : undefined;
  return fromAlpha2 ?? byLabel.get(t.toLowerCase()) ?? fail(`${name} must be a country (ISO 3166 alpha-3 or alpha-2 code, or its English name)`);
}
function dateOfBirth(v: unknown, name: string): string {
  const t = typeof v === 'number' ? String(v) : text(v, name);
  const day = t.slice(0, 10);
  return isDateString(day) && (t.length <= 10 || t[10] === 'T') ? day : fail(`${name} must be a date YYYY[-MM[-DD]]`);
}
const anyObject = (v: unknown, name: string): Record<string, unknown> => (isObject(v) ? v : fail(`${name} must be an object`));

type Rule = (v: unknown, name: string) => unknown;
interface TypeRule {
  /** The properties besides the dates, and how each is read. */
  props: Record<string, Rule>;
  required?: string[];
  /** What a plain string or number means; absent: refused. */
  scalar?: (v: string | number) => Record<string, unknown>;
  /** Other spellings of property names in an object value. */
  aliases?: Record<string, string>;
  /** Completes an object's properties (derives `value`, checks that enough is said). */
  complete?: (p: Record<string, unknown>) => Record<string, unknown>;
  /** What a list means; absent: refused (one value per attribute). */
  list?: (v: unknown[]) => Record<string, unknown>;
}

const GENDERS = ['female', 'male', 'other'];
const PERSON_STATUSES = ['born', 'died', 'married'];
const COMPANY_STATUSES = ['active', 'closed', 'closing', 'dissolved', 'expanded', 'expired', 'in_receivership', 'inactive', 'incorporated', 'opening', 'registered', 'registration_revoked', 'seized', 'terminated', 'under_external_control'];
const CONTACT_TYPES = ['email', 'fax', 'phone_number', 'url'];
const MEASUREMENT_TYPES = ['built_area', 'gross_weight', 'land_area', 'net_weight', 'quantity'];
const UNITS = ['kilogram', 'metre', 'metres_squared', 'unit'];
const UNIT_SPELLINGS: Record<string, string> = { kg: 'kilogram', kilograms: 'kilogram', m: 'metre', metres: 'metre', meter: 'metre', meters: 'metre', m2: 'metres_squared', sqm: 'metres_squared', square_metres: 'metres_squared', units: 'unit' };
const MONETARY_CONTEXTS = ['assessed_value', 'cadastral_value', 'carriage_and_insurance_paid_to', 'carriage_paid_to', 'contract_value', 'cost_and_freight', 'cost_insurance_and_freight', 'delivered_at_place', 'delivered_at_place_unloaded', 'delivered_duty_paid', 'ex_works', 'free_alongside_ship', 'free_carrier', 'free_on_board'];
const FINANCE_TYPES = ['authorized_capital', 'paid_up_capital', 'registered_capital', 'share_amount', 'share_percentage', 'subscribed_capital'];
const REPORTING_PERIODS = ['annual_fiscal', 'last_twelve_months', 'quarterly_fiscal', 'semi_annual_fiscal', 'year_to_date_fiscal'];
const FINANCIAL_FIGURES = ['accounts_payable', 'asset_writeoff', 'assets', 'basic_eps', 'cash_and_equivalent', 'cash_financing', 'cash_investing', 'cash_operations', 'change_accounts_payable', 'change_accounts_receivable', 'change_inventory', 'common_stock', 'employees', 'gross_profit', 'interest_expense', 'inventory', 'issued_common_stock', 'legal_settlements', 'liabilities', 'net_change_cash', 'net_income', 'operating_income', 'paid_up_capital', 'rd_expenses', 'registered_capital', 'revenue', 'sale_ppe', 'total_capitalization', 'total_current_assets', 'total_current_liabilities', 'total_debt', 'total_debt_issued', 'total_dividends', 'total_equity', 'total_liabilities', 'total_operating_expenses', 'total_receivables', 'unusual_items'];

/** Address parts in the order they are written, joined into `value` when none is given. */
const ADDRESS_PARTS = ['house', 'building', 'entrance', 'staircase', 'level', 'house_number', 'road', 'unit', 'po_box', 'near', 'metro_station', 'suburb', 'city_district', 'city', 'island', 'state_district', 'state', 'postcode', 'country_region', 'country', 'world_region'];
const ADDRESS_ALIASES: Record<string, string> = {
  street: 'road', street1: 'road', street_1: 'road', line1: 'road', line_1: 'road', address1: 'road', address_1: 'road', address_line1: 'road', address_line_1: 'road', street_address: 'road',
  street2: 'unit', street_2: 'unit', line2: 'unit', line_2: 'unit', address2: 'unit', address_2: 'unit', address_line2: 'unit', address_line_2: 'unit', apartment: 'unit', suite: 'unit',
  postal_code: 'postcode', post_code: 'postcode', zip: 'postcode', zipcode: 'postcode', zip_code: 'postcode',
  town: 'city', locality: 'city', province: 'state', region: 'state', district: 'city_district', number: 'house_number', street_number: 'house_number',
};

/** The address written out: `house, 1600 Road, unit, ..., city, state postcode, country`, a part repeating an earlier one once. */
function addressText(p: Record<string, unknown>): string {
  const pieces: { part: string; base: string; text: string }[] = [];
  for (const part of ADDRESS_PARTS) {
    const v = p[part] as string | undefined;
    if (v === undefined || part === 'house_number' || part === 'postcode') continue;
    if (pieces.some((x) => x.base.toLowerCase() === v.toLowerCase())) continue;
    pieces.push({ part, base: v, text: part === 'road' && p.house_number ? `${p.house_number as string} ${v}` : v });
  }
  if (p.house_number && !p.road) pieces.unshift({ part: 'house_number', base: '', text: p.house_number as string });
  if (p.postcode) {
    const target = pieces.find((x) => x.part === 'state') ?? pieces.find((x) => x.part === 'city');
    if (target) target.text += ` ${p.postcode as string}`;
    else pieces.splice(pieces.length - (p.country ? 1 : 0), 0, { part: 'postcode', base: '', text: p.postcode as string });
  }
  return pieces.map((x) => x.text).join(', ');
}

const freeText = (extra: Record<string, Rule> = {}, required = ['value']): TypeRule => ({
  props: { value: text, ...extra }, required, scalar: (v) => ({ value: text(v, 'value') }),
});
const withCode = (kind: string): TypeRule => ({
  props: { value: text, type: code }, required: ['value', 'type'],
  aliases: { id: 'value', number: 'value', identifier: 'value', scheme: 'type' },
  scalar: () => fail(`${kind} needs its type: {"value": "...", "type": "..."}`),
});

export const ATTRIBUTE_VALUE_RULES: Readonly<Record<string, TypeRule>> = {
  name: freeText({ context: text, language, translated: text, transliterated: text }),
  address: {
    props: { value: text, ...Object.fromEntries(ADDRESS_PARTS.map((k) => [k, text])), category: text, type: text, language, normalized: text, translated: text, transliterated: text, precision_code: text, x: num, y: num },
    aliases: ADDRESS_ALIASES,
    scalar: (v) => (typeof v === 'number' ? fail('an address must be text or an object of its parts') : { value: text(v, 'value') }),
    list: (lines) => ({ value: lines.length ? lines.map((l, i) => text(l, `line ${i + 1}`)).join(', ') : fail('an address needs at least one line') }),
    complete: (p) => {
      const value = p.value ?? (addressText(p) || fail('an address needs its text or at least one part (road, city, postcode, country, ...)'));
      return { value, ...p };
    },
  },
  identifier: withCode('an identifier'),
  weak_identifier: withCode('a weak identifier'),
  status: {
    props: { value: oneOf(COMPANY_STATUSES), text, context: code },
    scalar: (v) => {
      const t = text(v, 'value');
      return COMPANY_STATUSES.includes(words(t)) ? { value: words(t) } : { text: t };
    },
    complete: (p) => (p.value === undefined && p.text === undefined ? fail('a status needs its value or text') : p),
  },
  company_type: freeText({}, []),
  contact: {
    props: { value: text, type: oneOf(CONTACT_TYPES) }, required: ['value'],
    scalar: (v) => ({ value: text(v, 'value') }),
    // The kind read from the text where it shows: an email address, a web address, a phone number.
    complete: (p) => {
      const v = p.value as string;
      const type = p.type ?? (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? 'email' : /^(https?:\/\/|www\.)\S+$/i.test(v) ? 'url' : /^\+?[\d\s().-]{6,}$/.test(v) ? 'phone_number' : undefined);
      return type ? { ...p, type } : p;
    },
  },
  business_purpose: { ...freeText({ code: text, standard: text }, []), complete: (p) => (p.value === undefined && p.code === undefined ? fail('a business purpose needs its value or code') : p) },
  country: { props: { value: country, state: text, context: code }, required: ['value'], scalar: (v) => ({ value: country(v, 'value') }) },
  date_of_birth: { props: { value: dateOfBirth }, required: ['value'], scalar: (v) => ({ value: dateOfBirth(v, 'value') }) },
  position: freeText(),
  additional_information: freeText({ type: text }, []),
  gender: { props: { value: oneOf(GENDERS) }, required: ['value'], scalar: (v) => ({ value: ({ m: 'male', f: 'female' } as Record<string, string>)[words(String(v))] ?? oneOf(GENDERS)(v, 'value') }) },
  person_status: { props: { value: oneOf(PERSON_STATUSES) }, required: ['value'], scalar: (v) => ({ value: oneOf(PERSON_STATUSES)(v, 'value') }) },
  translated_name: freeText({ original: text, context: code }),
  finances: {
    props: { value: num, context: oneOf(FINANCE_TYPES), currency, type: text }, required: ['value'],
    aliases: { amount: 'value' },
    scalar: (v) => ({ value: num(v, 'value') }),
  },
  financials: {
    props: { ...Object.fromEntries(FINANCIAL_FIGURES.map((k) => [k, num])), currency, reporting_period_type: oneOf(REPORTING_PERIODS) },
    scalar: () => fail('financials are an object of figures, such as {"revenue": 1000000, "currency": "USD"}'),
    complete: (p) => (FINANCIAL_FIGURES.some((k) => p[k] !== undefined) ? p : fail(`financials need at least one figure (${FINANCIAL_FIGURES.slice(0, 4).join(', ')}, ...)`)),
  },
  shares: {
    props: { num_shares: num, percentage: num, monetary_value: num, currency, type: text },
    scalar: () => fail('shares are an object: {"num_shares": ..., "percentage": ..., "monetary_value": ...}'),
    complete: (p) => {
      if (p.percentage !== undefined && ((p.percentage as number) < 0 || (p.percentage as number) > 100)) fail('percentage must be within 0-100');
      return ['num_shares', 'percentage', 'monetary_value'].some((k) => p[k] !== undefined) ? p : fail('shares need num_shares, percentage or monetary_value');
    },
  },
  monetary_value: {
    props: { value: num, context: oneOf(MONETARY_CONTEXTS), currency }, required: ['value', 'context'],
    aliases: { amount: 'value' },
    scalar: () => fail(`a monetary value needs its context: {"value": ..., "context": one of ${MONETARY_CONTEXTS.join(', ')}}`),
  },
  measurement: {
    props: { value: num, type: oneOf(MEASUREMENT_TYPES), unit: (v, n) => UNIT_SPELLINGS[words(text(v, n))] ?? oneOf(UNITS)(v, n) }, required: ['value', 'type', 'unit'],
    scalar: () => fail(`a measurement needs its type and unit: {"value": ..., "type": one of ${MEASUREMENT_TYPES.join(', ')}, "unit": one of ${UNITS.join(', ')}}`),
  },
  generic: freeText({ type: text }, []),
  risk_intelligence: {
    props: { type: code, authority: text, list: text, program: text, reason: text, score: num }, required: ['type'],
    aliases: { tag: 'type', value: 'type' },
    scalar: (v) => ({ type: code(v, 'value') }),
  },
};

/**
 * The properties an attribute of `type` shows on reads, from a value as a user sends it. Throws
 * AttributeValueError naming what is wrong; an unknown type is a programming error (the route
 * checks it).
 */
export function attributeProperties(type: string, value: unknown): AttributeProperties {
  const rule = ATTRIBUTE_VALUE_RULES[type];
  if (!rule) throw new Error(`no value rule for attribute type ${type}`);
  let p: Record<string, unknown>;
  if (typeof value === 'string' || typeof value === 'number') {
    if (!rule.scalar) fail(`a ${type} is an object of its properties`);
    p = rule.scalar!(value);
  } else if (Array.isArray(value)) {
    p = rule.list ? rule.list(value) : fail(`one ${type} per attribute: give a string or an object, not a list`);
  } else if (isObject(value)) {
    p = {};
    for (const [key, v] of Object.entries(value)) {
      const name = rule.aliases?.[snake(key)] ?? rule.aliases?.[key.toLowerCase()] ?? snake(key);
      if (name === 'extra') { p.extra = anyObject(v, key); continue; }
      const read = rule.props[name];
      if (!read) fail(`${type} has no property ${JSON.stringify(key)} (it has ${Object.keys(rule.props).join(', ')}, extra; dates go beside value)`);
      if (v === null || v === undefined) continue;
      if (p[name] !== undefined) fail(`${JSON.stringify(key)} repeats ${name}`);
      p[name] = read(v, key);
    }
  } else {
    return fail(`a ${type} must be text or an object of its properties`);
  }
  if (!Object.keys(p).some((k) => k !== 'extra')) fail(`a ${type} needs at least one of its properties`);
  if (rule.complete) p = rule.complete(p);
  for (const key of rule.required ?? []) if (p[key] === undefined) fail(`a ${type} needs ${key}`);
  return p;
}
