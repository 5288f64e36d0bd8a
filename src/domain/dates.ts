/** Date strings `YYYY[-MM[-DD]]` (spec Conventions) and date parameters `YYYY-MM-DD`. */
const DATE_STRING = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether `year` of the proleptic Gregorian calendar has a 29 February. */
const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

// Checked by arithmetic, not a Date: imports and ingest checks call this for every date they read.
export function isDateString(value: string): boolean {
  const m = DATE_STRING.exec(value);
  if (!m) return false;
  const month = m[2] === undefined ? 1 : Number(m[2]);
  if (month < 1 || month > 12) return false;
  if (m[3] === undefined) return true;
  const day = Number(m[3]);
  const daysInMonth = month === 2 && isLeapYear(Number(m[1])) ? 29 : DAYS_IN_MONTH[month - 1];
  return day >= 1 && day <= daysInMonth;
}

export function isDateParameter(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isDateString(value);
}

/**
 * Whether a relationship that ended on `toDate` is former as of `today` (YYYY-MM-DD).
 * A partial date ends at the end of its period: "2020" is former from 2021-01-01 on.
 */
export function isPast(toDate: string, today: string): boolean {
  return endOfPeriod(toDate) < today;
}

/** The first day a date string covers, as YYYY-MM-DD ("2020-02" -> "2020-02-01"). */
export function startOfPeriod(date: string): string {
  return [...date.split('-'), '01', '01'].slice(0, 3).join('-');
}

/** The last day a date string covers, as YYYY-MM-DD ("2020-02" -> "2020-02-29"). */
export function endOfPeriod(date: string): string {
  const [y, m, d] = date.split('-');
  if (d) return `${y}-${m}-${d}`;
  if (!m) return `${y}-12-31`;
  const last = new Date(Date.UTC(Number(y), Number(m), 0)).getUTCDate();
  return `${y}-${m}-${String(last).padStart(2, '0')}`;
}

export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}
