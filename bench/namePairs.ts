/**
 * The labelled name pairs (bench/data/name-pairs.json): a query name and a listed name, each
 * pair tagged with its kind, whether a screening analyst would call it a match, the entity
 * type and the script of the query. Built deterministically from the hand-written lists
 * below; the file in the repository is what tests and the bench read (`buildNamePairs` only
 * writes it again when it is missing).
 *
 * Match kinds: legal-form, joined-split, title, initials, slip, slip-start (a slip in the
 * first three letters), script (another script; `script` says which), phonetic, nickname,
 * order. Non-match kinds: nm-given-name (same surname), nm-fund (Fund I / Fund II),
 * nm-number, nm-generic (one distinctive word changed in a generic company name),
 * nm-acronym (letters in another order), nm-syllable (Kim Yong-chol / Kim Yong-chun).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Rng } from '../src/seed/random';

export interface NamePair {
  kind: string;
  match: boolean;
  type: 'person' | 'company' | 'organization' | 'vessel';
  script: string;
  query: string;
  listed: string;
}

const GIVEN = ['Boris', 'Vladimir', 'Elena', 'Dmitri', 'Natalia', 'Sergei', 'Olga', 'Mikhail', 'Tatiana', 'Andrei', 'Pierre', 'Jean', 'Maria', 'Giovanni',
  'Francesca', 'Hans', 'Ingrid', 'Carlos', 'Lucia', 'Ahmed', 'Fatima', 'Omar', 'Layla', 'Yusuf', 'Chen', 'Hiroshi', 'Anil', 'Priya', 'Kwame', 'Amara',
  'Lars', 'Sofia', 'Tomasz', 'Agnieszka', 'Miguel', 'Isabel', 'Henrik', 'Astrid', 'Rafael', 'Leonor'];
const SURNAMES = ['Rossi', 'Petrov', 'Ivanova', 'Kowalski', 'Martin', 'Schneider', 'Lindqvist', 'Okafor', 'Haddad', 'Nakamura', 'Fernandes', 'Moreau',
  'Novak', 'Horvath', 'Jensen', 'Castillo', 'Bianchi', 'Volkov', 'Sokolova', 'Demir', 'Kaplan', 'Mensah', 'Oyelaran', 'Tanaka', 'Gallagher', 'Brennan',
  'Lindgren', 'Varga', 'Popescu', 'Dimitrov', 'Karimov', 'Rahimi', 'Sharma', 'Mehta', 'Ferreira', 'Moretti', 'Weber', 'Fischer', 'Yilmaz', 'Aziz'];
const CORES = ['Volga', 'Prime Foods', 'Northwind', 'Pro Marin', 'Vostok', 'Muller', 'Orion Metals', 'Baltic Grain', 'Sunrise Textiles', 'Atlas Shipping',
  'Zephyr Aviation', 'Crimson Pharma', 'Granite Mining', 'Lotus Petrochem', 'Aurora Telecom', 'Falcon Logistics', 'Emerald Agro', 'Polaris Engineering',
  'Sapphire Minerals', 'Harbor Steel', 'Cobalt Energy', 'Meridian Cargo', 'Kestrel Chemicals', 'Tundra Timber', 'Saffron Spices', 'Obsidian Security',
  'Vertex Pipelines', 'Borealis Fisheries', 'Magnolia Cotton', 'Quarry Cement'];
/** [written out or foreign, abbreviated] spellings of one legal form. */
const FORMS: [string, string][] = [
  ['Aktiengesellschaft', 'AG'], ['Joint Stock Company', 'JSC'], ['Societatea cu Raspundere Limitata', 'SRL'], ['Limited Liability Company', 'LLC'],
  ['ООО', 'LLC'], ['OOO', 'LLC'], ['Limited', 'Ltd'], ['Gesellschaft mit beschränkter Haftung', 'GmbH'], ['Sociedad Anónima', 'S.A.'], ['Public Limited Company', 'PLC'],
  ['Incorporated', 'Inc.'], ['Corporation', 'Corp.'], ['Besloten Vennootschap', 'B.V.'], ['Kabushiki Kaisha', 'K.K.'], ['Spółka z ograniczoną odpowiedzialnością', 'Sp. z o.o.'],
  ['Товариство з обмеженою відповідальністю', 'TOV'], ['Акционерное общество', 'AO'], ['Società per azioni', 'S.p.A.'], ['Sendirian Berhad', 'Sdn Bhd'], ['ПАО', 'PJSC'],
];
const TITLES = ['Mr.', 'Dr.', 'Sheikh', 'President', 'Präsident', 'Mrs.', 'Prof.', 'General', 'Sir', 'H.E.'];
const NICKNAMES: [string, string][] = [['Bill', 'William'], ['Sasha', 'Aleksandr'], ['Bob', 'Robert'], ['Mike', 'Michael'], ['Dima', 'Dmitriy'], ['Kolya', 'Nikolai'],
  ['Jim', 'James'], ['Tony', 'Anthony'], ['Liz', 'Elizabeth'], ['Natasha', 'Natalya'], ['Misha', 'Mikhail'], ['Pepe', 'Jose'], ['Hans', 'Johannes'], ['Harry', 'Henry']];
const PHONETIC: [string, string][] = [['Mohammed', 'Muhammad'], ['Mohamad', 'Muhammad'], ['Shi', 'Xi'], ['Yusuf', 'Youssef'], ['Hussein', 'Husayn'], ['Jeffrey', 'Geoffrey'],
  ['Catherine', 'Katherine'], ['Philips', 'Phillips'], ['Aleksandr', 'Alexander'], ['Tchaikovsky', 'Chaykovskiy'], ['Mikhail', 'Michail'], ['Sergei', 'Sergey'],
  ['Gaddafi', 'Qadhafi'], ['Abdallah', 'Abdullah'], ['Osama', 'Usama'], ['Chong', 'Zhong'], ['Yevgeny', 'Evgeniy'], ['Elena', 'Yelena']];
/** [query in another script, listed Latin name, script, type]. */
const SCRIPTS: [string, string, string, NamePair['type']][] = [
  ['محمد علي', 'Mohammed Ali', 'arabic', 'person'], ['عبد الله حسن', 'Abdullah Hassan', 'arabic', 'person'], ['أحمد منصور', 'Ahmed Mansour', 'arabic', 'person'],
  ['خالد عمر', 'Khaled Omar', 'arabic', 'person'], ['سعيد كريم', 'Said Karim', 'arabic', 'person'], ['يوسف ناصر', 'Yusuf Nasser', 'arabic', 'person'],
  ['בנימין נתניהו', 'Benjamin Netanyahu', 'hebrew', 'person'], ['דוד לוי', 'David Levi', 'hebrew', 'person'], ['משה כהן', 'Moshe Cohen', 'hebrew', 'person'],
  ['יוסף מזרחי', 'Yosef Mizrahi', 'hebrew', 'person'], ['אברהם פרץ', 'Avraham Peretz', 'hebrew', 'person'],
  ['नरेन्द्र मोदी', 'Narendra Modi', 'devanagari', 'person'], ['राहुल शर्मा', 'Rahul Sharma', 'devanagari', 'person'], ['अमित शाह', 'Amit Shah', 'devanagari', 'person'],
  ['सुनील गुप्ता', 'Sunil Gupta', 'devanagari', 'person'], ['प्रिया पटेल', 'Priya Patel', 'devanagari', 'person'],
  ['Արամ Պետրոսյան', 'Aram Petrosyan', 'armenian', 'person'], ['Գագիկ Ծառուկյան', 'Gagik Tsarukyan', 'armenian', 'person'], ['Նիկոլ Փաշինյան', 'Nikol Pashinyan', 'armenian', 'person'],
  ['Սերժ Սարգսյան', 'Serzh Sargsyan', 'armenian', 'person'], ['Լևոն Տեր-Պետրոսյան', 'Levon Ter-Petrosyan', 'armenian', 'person'],
  ['ბიძინა ივანიშვილი', 'Bidzina Ivanishvili', 'georgian', 'person'], ['მიხეილ სააკაშვილი', 'Mikheil Saakashvili', 'georgian', 'person'],
  ['გიორგი ბერიძე', 'Giorgi Beridze', 'georgian', 'person'], ['ნინო ლომიძე', 'Nino Lomidze', 'georgian', 'person'], ['ლევან კობახიძე', 'Levan Kobakhidze', 'georgian', 'person'],
  ['አበበ በቀለ', 'Abebe Bekele', 'ethiopic', 'person'], ['ኃይሌ ገብረሥላሴ', 'Haile Gebrselassie', 'ethiopic', 'person'], ['መለስ ዜናዊ', 'Meles Zenawi', 'ethiopic', 'person'],
  ['ዐቢይ አሕመድ', 'Abiy Ahmed', 'ethiopic', 'person'], ['ተስፋዬ ገብሬ', 'Tesfaye Gebre', 'ethiopic', 'person'],
  ['习近平', 'Xi Jinping', 'han', 'person'], ['李克强', 'Li Keqiang', 'han', 'person'], ['王毅', 'Wang Yi', 'han', 'person'], ['马云', 'Ma Yun', 'han', 'person'],
  ['华为技术有限公司', 'Huawei Jishu Co Ltd', 'han', 'company'], ['中国石油', 'Zhongguo Shiyou', 'han', 'company'], ['张伟', 'Zhang Wei', 'han', 'person'],
  ['トヨタ', 'Toyota', 'kana', 'company'], ['スズキ', 'Suzuki', 'kana', 'company'], ['たなか ひろし', 'Tanaka Hiroshi', 'kana', 'person'], ['ソニー', 'Sonii', 'kana', 'company'],
  ['やまだ たろう', 'Yamada Taro', 'kana', 'person'],
  ['김정은', 'Kim Jong Un', 'hangul', 'person'], ['김여정', 'Kim Yo Jong', 'hangul', 'person'], ['박근혜', 'Park Geun-hye', 'hangul', 'person'], ['이명박', 'Lee Myung-bak', 'hangul', 'person'],
  ['최룡해', 'Choe Ryong-hae', 'hangul', 'person'], ['문재인', 'Moon Jae-in', 'hangul', 'person'],
  ['Владимир Путин', 'Vladimir Putin', 'cyrillic-russian', 'person'], ['Сергей Лавров', 'Sergey Lavrov', 'cyrillic-russian', 'person'], ['Алексей Миллер', 'Aleksey Miller', 'cyrillic-russian', 'person'],
  ['Игорь Сечин', 'Igor Sechin', 'cyrillic-russian', 'person'], ['ООО Восток', 'Vostok LLC', 'cyrillic-russian', 'company'], ['ПАО Газпром', 'Gazprom PJSC', 'cyrillic-russian', 'company'],
  ['Новак Ђоковић', 'Novak Djokovic', 'cyrillic-serbian', 'person'], ['Александар Вучић', 'Aleksandar Vucic', 'cyrillic-serbian', 'person'], ['Слободан Милошевић', 'Slobodan Milosevic', 'cyrillic-serbian', 'person'],
  ['Ратко Младић', 'Ratko Mladic', 'cyrillic-serbian', 'person'], ['Зоран Ђинђић', 'Zoran Djindjic', 'cyrillic-serbian', 'person'],
  ['Ігор Коломойський', 'Ihor Kolomoyskyi', 'cyrillic-ukrainian', 'person'], ['Юлія Тимошенко', 'Yuliia Tymoshenko', 'cyrillic-ukrainian', 'person'], ['Петро Порошенко', 'Petro Poroshenko', 'cyrillic-ukrainian', 'person'],
  ['Рінат Ахметов', 'Rinat Akhmetov', 'cyrillic-ukrainian', 'person'], ['Віктор Медведчук', 'Viktor Medvedchuk', 'cyrillic-ukrainian', 'person'],
  ['Ухнаагийн Хүрэлсүх', 'Ukhnaagiin Khurelsukh', 'cyrillic-mongolian', 'person'], ['Халтмаагийн Баттулга', 'Khaltmaagiin Battulga', 'cyrillic-mongolian', 'person'],
  ['Лувсаннамсрайн Оюун-Эрдэнэ', 'Luvsannamsrain Oyun-Erdene', 'cyrillic-mongolian', 'person'], ['Цахиагийн Элбэгдорж', 'Tsakhiagiin Elbegdorj', 'cyrillic-mongolian', 'person'],
  ['Κυριάκος Μητσοτάκης', 'Kyriakos Mitsotakis', 'greek', 'person'], ['Αλέξης Τσίπρας', 'Alexis Tsipras', 'greek', 'person'], ['Γιάννης Παπαδόπουλος', 'Giannis Papadopoulos', 'greek', 'person'],
];
const ORGS: [string, string][] = [["Al Qa'ida", 'Al Qaeda'], ['Abd al Rahman', 'Abdul-Rahman'], ['Hizballah', 'Hezbollah'], ['Lashkar-e-Tayyiba', 'Lashkar e Taiba'],
  ['Jabhat al-Nusra', 'Jabhat al Nusrah'], ['Al-Shabaab', 'Al Shabab'], ['Boko Haram', 'BokoHaram'], ['Ansar Allah', 'Ansarallah'], ['Hay\'at Tahrir al-Sham', 'Hayat Tahrir al Sham'],
  ['Tehrik-i-Taliban', 'Tehrik e Taliban']];
const VESSELS = ['Ocean Star', 'Grace Pearl', 'Arctic Sunrise', 'Blue Marlin', 'Sea Breeze', 'Golden Eagle', 'Silver Wave', 'Northern Light', 'Crystal Bay', 'Iron Duke'];
const GENERIC = ['Global', 'International', 'Trading', 'Holdings', 'Services', 'Solutions', 'Group', 'Industries'];
const DISTINCT = ['Energy', 'Marine', 'Textile', 'Pharma', 'Mining', 'Aviation', 'Agro', 'Timber', 'Steel', 'Cargo', 'Polymer', 'Dairy'];
const ACRONYMS = ['ABC', 'XYZ', 'KLM', 'RTS', 'MNP', 'DKG', 'BVT', 'GHL', 'PQR', 'LMN'];
const KOREAN_NEAR: [string, string][] = [['Kim Yong-chol', 'Kim Yong-chun'], ['Ri Song-chol', 'Ri Song-chun'], ['Pak Pong-ju', 'Pak Pong-jin'], ['Choe Ryong-hae', 'Choe Ryong-ho'],
  ['Kim Yong-nam', 'Kim Yong-nim'], ['Jang Song-thaek', 'Jang Song-thae'], ['Ri Su-yong', 'Ri Su-yang'], ['O Kuk-ryol', 'O Kuk-ryong']];


/** One edit (swap, drop, replace) at position `i` of a word. */
function slip(word: string, i: number, rng: Rng): string {
  const k = Math.min(Math.max(i, 0), word.length - 2);
  switch (rng.int(3)) {
    case 0: return word.slice(0, k) + word[k + 1] + word[k] + word.slice(k + 2);
    case 1: return word.slice(0, k) + word.slice(k + 1);
    default: {
      const c = 'aeioulnrst'[rng.int(10)];
      return word.slice(0, k) + (c === word[k].toLowerCase() ? 'y' : c) + word.slice(k + 1);
    }
  }
}

export function buildNamePairs(): NamePair[] {
  const rng = new Rng().reseed(33);
  const out: NamePair[] = [];
  const add = (kind: string, match: boolean, type: NamePair['type'], query: string, listed: string, script = 'latin') => {
    if (query !== listed && !out.some((p) => p.query === query && p.listed === listed)) out.push({ kind, match, type, script, query, listed });
  };
  const person = () => `${rng.pick(GIVEN)} ${rng.pick(SURNAMES)}`;
  for (let n = 0; n < 120; n++) {
    const core = rng.pick(CORES);
    const [long, short] = rng.pick(FORMS);
    if (rng.next() < 0.5) add('legal-form', true, 'company', `${core} ${long}`, `${core} ${short}`);
    else add('legal-form', true, 'company', `${short} ${core}`, `${core} ${long}`);
  }
  for (let n = 0; n < 80; n++) {
    const [g, s] = person().split(' ');
    const form = n % 4;
    const q = form === 0 ? `${g}${s}` : form === 1 ? `${g}-${s}` : form === 2 ? `${s.slice(0, 3)} ${s.slice(3)} ${g}` : `${g} ${s.slice(0, 2)}-${s.slice(2)}`;
    add('joined-split', true, 'person', q, `${g} ${s}`);
  }
  for (const [q, l] of ORGS) add('joined-split', true, 'organization', q, l);
  for (let n = 0; n < 80; n++) {
    const p = person();
    add('title', true, 'person', `${rng.pick(TITLES)} ${p}`, p);
  }
  for (let n = 0; n < 80; n++) {
    const g = rng.pick(GIVEN);
    const s = rng.pick(SURNAMES);
    add('initials', true, 'person', n % 2 === 0 ? `${g[0]}. ${s}` : `${s}, ${g[0]}.`, `${g} ${s}`);
  }
  // Initials of a double given name: J.-P. Martin for Jean-Pierre Martin.
  for (let n = 0; n < 20; n++) {
    const a = rng.pick(GIVEN);
    const b = rng.pick(GIVEN);
    const s = rng.pick(SURNAMES);
    add('initials', true, 'person', `${a[0]}.-${b[0]}. ${s}`, `${a}-${b} ${s}`);
  }
  for (let n = 0; n < 160; n++) {
    const company = n % 3 === 2;
    const listed = company ? `${rng.pick(CORES)} ${rng.pick(FORMS)[1]}` : person();
    const words = listed.split(' ');
    const w = rng.int(company ? words.length - 1 : words.length);
    if (words[w].length < 4) continue;
    const start = n % 2 === 0;
    words[w] = slip(words[w], start ? rng.int(2) : 2 + rng.int(words[w].length - 3), rng);
    add(start ? 'slip-start' : 'slip', true, company ? 'company' : 'person', words.join(' '), listed);
  }
  for (const [a, b] of PHONETIC) {
    for (let n = 0; n < 4; n++) add('phonetic', true, 'person', `${a} ${SURNAMES[(n * 7 + a.length) % SURNAMES.length]}`, `${b} ${SURNAMES[(n * 7 + a.length) % SURNAMES.length]}`);
  }
  for (const [a, b] of NICKNAMES) {
    for (let n = 0; n < 4; n++) add('nickname', true, 'person', `${a} ${SURNAMES[(n * 5 + b.length) % SURNAMES.length]}`, `${b} ${SURNAMES[(n * 5 + b.length) % SURNAMES.length]}`);
  }
  for (const [q, l, script, type] of SCRIPTS) add('script', true, type, q, l, script);
  for (let n = 0; n < 40; n++) {
    const [g, s] = person().split(' ');
    add('order', true, 'person', n % 2 ? `${s.toUpperCase()}, ${g}` : `${s} ${g}`, `${g} ${s}`);
  }
  for (const v of VESSELS) add('slip', true, 'vessel', `MV ${slip(v.split(' ')[1], 2, rng)} ${v.split(' ')[0]}`.replace(/^MV (\S+) (\S+)$/, 'MV $2 $1'), v);

  // Hard non-matches.
  for (let n = 0; n < 140; n++) {
    const s = rng.pick(SURNAMES);
    const a = rng.pick(GIVEN);
    let b = rng.pick(GIVEN);
    if (b === a || b[0] === a[0]) b = GIVEN[(GIVEN.indexOf(a) + 7) % GIVEN.length];
    if (b[0] === a[0]) continue;
    add('nm-given-name', false, 'person', `${a} ${s}`, `${b} ${s}`);
  }
  const ROMAN = ['I', 'II', 'III', 'IV', 'V'];
  for (let n = 0; n < 60; n++) {
    const core = rng.pick(CORES);
    const i = rng.int(4);
    add('nm-fund', false, 'company', `${core} Fund ${ROMAN[i]}`, `${core} Fund ${ROMAN[i + 1]}`);
  }
  for (let n = 0; n < 50; n++) {
    const k = 1 + rng.int(30);
    if (n % 2) add('nm-number', false, 'vessel', `${VESSELS[n % VESSELS.length]} ${k}`, `${VESSELS[n % VESSELS.length]} ${k + 1}`);
    else add('nm-number', false, 'company', `${CORES[n % CORES.length]} ${k} Ltd`, `${CORES[n % CORES.length]} ${k + 3} Ltd`);
  }
  for (let n = 0; n < 70; n++) {
    const g1 = rng.pick(GENERIC);
    const g2 = rng.pick(GENERIC.filter((g) => g !== g1));
    const d1 = rng.pick(DISTINCT);
    const d2 = rng.pick(DISTINCT.filter((d) => d !== d1));
    const form = rng.pick(FORMS)[1];
    add('nm-generic', false, 'company', `${g1} ${d1} ${g2} ${form}`, `${g1} ${d2} ${g2} ${form}`);
  }
  for (let n = 0; n < 40; n++) {
    const a = ACRONYMS[n % ACRONYMS.length];
    const b = n % 2 ? a[1] + a[0] + a[2] : a[2] + a[0] + a[1];
    const g = rng.pick(GENERIC);
    const f = rng.pick(FORMS)[1];
    add('nm-acronym', false, 'company', `${a} ${g} ${f}`, `${b} ${g} ${f}`);
  }
  for (const [a, b] of KOREAN_NEAR) {
    add('nm-syllable', false, 'person', a, b);
    add('nm-syllable', false, 'person', a.replace('-', ' '), b.replace('-', ''));
  }
  return out;
}

export const NAME_PAIRS_FILE = path.resolve(__dirname, '..', '..', 'bench', 'data', 'name-pairs.json');

/** The labelled pairs: bench/data/name-pairs.json, written from buildNamePairs when missing. */
export function namePairs(): NamePair[] {
  if (fs.existsSync(NAME_PAIRS_FILE)) return JSON.parse(fs.readFileSync(NAME_PAIRS_FILE, 'utf8')) as NamePair[];
  const pairs = buildNamePairs();
  fs.mkdirSync(path.dirname(NAME_PAIRS_FILE), { recursive: true });
  fs.writeFileSync(NAME_PAIRS_FILE, `[\n${pairs.map((p) => JSON.stringify(p)).join(',\n')}\n]\n`);
  return pairs;
}
