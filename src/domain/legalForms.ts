/**
 * Legal forms of companies and other organisations: every spelling (abbreviated, dotted,
 * written out, in the local language and script) of one legal form maps to one canonical
 * token, so "Muller AG" and "Muller Aktiengesellschaft", or "OOO Vostok", "ООО Восток" and
 * "Vostok LLC", compare equal. Spellings are written as they appear in registers; they are
 * folded (transliterated, lower-cased, split on punctuation) by src/domain/names.ts when the
 * table is loaded, the same way names are, so both sides agree.
 *
 * A form is one legal type per row. Forms of different rows are different legal types, but
 * lists and registers translate them loosely (OOO as Ltd, Co., Ltd. as Corporation), so two
 * forms of one family (`sameFormFamily`) are weak evidence of two companies, and two forms of
 * different families (a company and a partnership) stronger evidence.
 */
export interface LegalForm {
  /** The canonical token every spelling becomes. */
  canonical: string;
  /** ISO 3166-1 alpha-3 codes (or a language) where the form is used; for documentation and tests. */
  where: string[];
  spellings: string[];
}

export const LEGAL_FORMS: readonly LegalForm[] = [
  // Limited liability companies (one row per legal type; the common-law LLC takes OOO, TOV, TOO, XXK).
  {
    canonical: 'llc', where: ['USA', 'RUS', 'UKR', 'KAZ', 'BLR', 'MNG', 'KGZ', 'UZB', 'ARE'],
    spellings: ['LLC', 'L.L.C.', 'Limited Liability Company', 'Limited Liability Co', 'OOO', 'ООО', 'Общество с ограниченной ответственностью',
      'Obshchestvo s ogranichennoy otvetstvennostyu', 'TOV', 'ТОВ', 'Товариство з обмеженою відповідальністю', 'Tovarystvo z obmezhenoyu vidpovidalnistyu',
      'TOO', 'ТОО', 'Товарищество с ограниченной ответственностью', 'ТАА', 'ХХК', 'KhKhK', 'Хязгаарлагдмал хариуцлагатай компани', 'FZ-LLC', 'FZ LLC', 'MChJ', 'МЧЖ',
      '有限责任公司', '有限責任公司', 'Obshchestvo s Ogranichennoi Otvetstvennostyu', 'Limited Liability Partnership Company',
      'Sharikat Dhat Masuliya Mahduda', 'شركة ذات مسؤولية محدودة', 'ذ.م.م', 'Công ty TNHH', 'Cong ty TNHH', 'Cong Ty Trach Nhiem Huu Han', 'TNHH',
      'Sherkat-e Ba Masuliyat-e Mahdud', 'شرکت با مسئولیت محدود'],
  },
  { canonical: 'ltd', where: ['GBR', 'IRL', 'HKG', 'SGP', 'IND', 'AUS', 'NZL', 'ZAF', 'NGA', 'KEN', 'CHN', 'MYS', 'ISR', 'CYP', 'MLT'],
    spellings: ['Ltd', 'Limited', 'L.T.D.', 'Private Limited Company', 'Private Limited', 'Pvt Ltd', 'Pvt. Ltd.', 'Pvt Limited', 'Pvt. Limited', 'Pte Limited', 'Pte. Limited', 'Pty Ltd', 'Pty. Ltd.', 'Pte Ltd', 'Pte. Ltd.',
      'Co Ltd', 'Co., Ltd.', 'Co Limited', 'Co., Limited', 'Company Limited', 'Company Ltd', 'Sdn Bhd', 'Sdn. Bhd.', 'Sendirian Berhad', 'בע"מ', '有限公司', 'Yugen Kaisha', '有限会社'] },
  { canonical: 'gmbh', where: ['DEU', 'AUT', 'CHE', 'LIE'], spellings: ['GmbH', 'G.m.b.H.', 'Gesellschaft mit beschränkter Haftung', 'Gesellschaft mbH', 'Ges.m.b.H.', 'GesmbH'] },
  { canonical: 'sarl', where: ['FRA', 'LUX', 'BEL', 'CHE', 'MAR', 'TUN', 'LBN', 'SEN', 'CIV'],
    spellings: ['SARL', 'S.à r.l.', 'S.A.R.L.', 'Société à responsabilité limitée', 'EURL', 'Entreprise unipersonnelle à responsabilité limitée'] },
  { canonical: 'srl', where: ['ITA', 'ROU', 'MDA', 'ARG', 'BEL'],
    spellings: ['SRL', 'S.R.L.', 'S.r.l.', 'Società a responsabilità limitata', 'Societatea cu Raspundere Limitata', 'Societate cu răspundere limitată', 'Sociedad de Responsabilidad Limitada'] },
  { canonical: 'sl', where: ['ESP'], spellings: ['S.L.', 'SL', 'Sociedad Limitada', 'S.L.U.', 'SLU'] },
  { canonical: 'ltda', where: ['BRA', 'PRT', 'COL', 'CHL'], spellings: ['Ltda', 'Ltda.', 'Limitada', 'Sociedade Limitada', 'Lda', 'Lda.'] },
  { canonical: 'spzoo', where: ['POL'], spellings: ['Sp. z o.o.', 'Sp z oo', 'Spółka z ograniczoną odpowiedzialnością', 'spzoo'] },
  { canonical: 'sro', where: ['CZE', 'SVK'], spellings: ['s.r.o.', 'sro', 'spol. s r.o.', 'Společnost s ručením omezeným', 'Spoločnosť s ručením obmedzeným'] },
  { canonical: 'doo', where: ['SRB', 'HRV', 'SVN', 'BIH', 'MNE', 'MKD'], spellings: ['d.o.o.', 'doo', 'Д.О.О.', 'ДОО', 'društvo s ograničenom odgovornošću', 'Друштво са ограниченом одговорношћу'] },
  { canonical: 'ood', where: ['BGR'], spellings: ['OOD', 'ООД', 'EOOD', 'ЕООД', 'Дружество с ограничена отговорност'] },
  { canonical: 'bv', where: ['NLD', 'BEL'], spellings: ['B.V.', 'BV', 'Besloten vennootschap', 'BVBA'] },
  { canonical: 'kft', where: ['HUN'], spellings: ['Kft', 'Kft.', 'korlátolt felelősségű társaság'] },
  { canonical: 'sia', where: ['LVA'], spellings: ['SIA', 'Sabiedrība ar ierobežotu atbildību'] },
  { canonical: 'uab', where: ['LTU'], spellings: ['UAB', 'Uždaroji akcinė bendrovė'] },
  { canonical: 'ou', where: ['EST'], spellings: ['OÜ', 'osaühing'] },
  { canonical: 'aps', where: ['DNK'], spellings: ['ApS', 'Anpartsselskab'] },
  { canonical: 'ltdsti', where: ['TUR'], spellings: ['Ltd. Şti.', 'Ltd Sti', 'Limited Şirketi', 'Sti'] },
  // Joint-stock companies and their public/closed variants.
  {
    canonical: 'jsc', where: ['RUS', 'UKR', 'KAZ', 'BLR', 'AZE', 'GEO', 'ARM', 'UZB', 'KOR'],
    spellings: ['JSC', 'J.S.C.', 'Joint Stock Company', 'Joint-Stock Company', 'OJSC', 'CJSC', 'PJSC', 'AO', 'АО', 'OAO', 'ОАО', 'ZAO', 'ЗАО', 'PAO', 'ПАО', 'NAO', 'НАО',
      'Акционерное общество', 'Aktsionernoye obshchestvo', 'Aktsionernoe obshchestvo', 'Публичное акционерное общество', 'Открытое акционерное общество',
      'Закрытое акционерное общество', 'AT', 'АТ', 'PrAT', 'ПрАТ', 'PAT', 'ПАТ', 'ZAT', 'ЗАТ', 'Акціонерне товариство', 'Akcionerne tovarystvo', 'ASC', 'ХК',
      'Jusik Hoesa', 'Chusik Hoesa', '주식회사', '股份有限公司', 'Company Limited by Shares',
      'Open Joint Stock Company', 'Open Joint-Stock Company', 'Closed Joint Stock Company', 'Closed Joint-Stock Company', 'Public Joint Stock Company',
      'Public Joint-Stock Company', 'Private Joint Stock Company', 'Private Joint-Stock Company', 'Non-Public Joint Stock Company', 'Joint Stock Commercial Bank',
      'Otkrytoye Aktsionernoye Obshchestvo', 'Otkrytoe Aktsionernoe Obshchestvo', 'Zakrytoye Aktsionernoye Obshchestvo', 'Zakrytoe Aktsionernoe Obshchestvo',
      'Publichnoye Aktsionernoye Obshchestvo', 'Publichnoe Aktsionernoe Obshchestvo', 'Публичное акционерное общество', 'Непубличное акционерное общество',
      'Публічне акціонерне товариство', 'Приватне акціонерне товариство', 'Відкрите акціонерне товариство', 'Закрите акціонерне товариство',
      'Aktsionerlik Jamiyati', 'Aksionerlik Jemgyyeti', 'Akcionernoe Obshestvo', 'Cong ty Co phan', 'Công ty Cổ phần', 'CTCP',
      'Sherkat-e Sahami-e Khass', 'Sherkat-e Sahami-e Am', 'شرکت سهامی خاص', 'شرکت سهامی عام', 'Sahami Khass', 'Sahami Am', 'PJS', 'Public Joint Stock',
      'Joint Stock', 'Open Joint Stock', 'Closed Joint Stock'],
  },
  { canonical: 'ag', where: ['DEU', 'AUT', 'CHE', 'LIE'], spellings: ['AG', 'A.G.', 'Aktiengesellschaft'] },
  { canonical: 'sa', where: ['FRA', 'ESP', 'BEL', 'LUX', 'CHE', 'ARG', 'MEX', 'CHL', 'PER', 'POL', 'GRC', 'PAN', 'URY', 'PRT', 'BRA'],
    spellings: ['SA', 'S.A.', 'Société anonyme', 'Sociedad Anónima', 'Sociedade Anónima', 'Sociedade Anônima', 'Spółka Akcyjna', 'S.A. de C.V.', 'SA de CV', 'AE', 'A.E.', 'Anonymi Etaireia', 'Ανώνυμη Εταιρεία'] },
  { canonical: 'spa', where: ['ITA'], spellings: ['S.p.A.', 'SpA', 'Società per azioni'] },
  { canonical: 'nv', where: ['NLD', 'BEL', 'CUW'], spellings: ['N.V.', 'NV', 'Naamloze vennootschap'] },
  { canonical: 'as', where: ['NOR', 'DNK', 'CZE', 'SVK', 'EST', 'TUR'],
    spellings: ['AS', 'A/S', 'A.S.', 'a.s.', 'Aksjeselskap', 'Aktieselskab', 'Akciová společnost', 'Aktsiaselts', 'A.Ş.', 'Anonim Şirketi'] },
  { canonical: 'asa', where: ['NOR'], spellings: ['ASA', 'Allmennaksjeselskap'] },
  { canonical: 'ab', where: ['SWE', 'FIN'], spellings: ['AB', 'Aktiebolag', 'Aktiebolaget', 'AB (publ)'] },
  { canonical: 'oy', where: ['FIN'], spellings: ['Oy', 'Osakeyhtiö'] },
  { canonical: 'oyj', where: ['FIN'], spellings: ['Oyj', 'Julkinen osakeyhtiö'] },
  { canonical: 'dd', where: ['HRV', 'SVN', 'BIH'], spellings: ['d.d.', 'dionničko društvo', 'delniška družba'] },
  { canonical: 'ad', where: ['BGR', 'SRB', 'MKD'], spellings: ['AD', 'АД', 'EAD', 'ЕАД', 'Акционерно дружество', 'Akcionarsko društvo', 'Акционарско друштво'] },
  { canonical: 'zrt', where: ['HUN'], spellings: ['Zrt', 'Zrt.', 'Nyrt', 'Nyrt.', 'Részvénytársaság', 'Rt'] },
  { canonical: 'kk', where: ['JPN'], spellings: ['KK', 'K.K.', 'Kabushiki Kaisha', 'Kabushiki Gaisha', '株式会社', 'GK', 'Godo Kaisha', '合同会社'] },
  { canonical: 'tbk', where: ['IDN'], spellings: ['Tbk', 'Tbk.', 'PT', 'P.T.', 'Perseroan Terbatas'] },
  { canonical: 'bhd', where: ['MYS', 'BRN'], spellings: ['Bhd', 'Bhd.', 'Berhad'] },
  { canonical: 'plc', where: ['GBR', 'IRL', 'NGA', 'LKA', 'THA'], spellings: ['PLC', 'P.L.C.', 'Public Limited Company', 'Public Company Limited', 'PCL', 'Public Co Ltd', 'Public Co., Ltd.', 'บริษัทมหาชนจำกัด'] },
  { canonical: 'shpk', where: ['ALB', 'XKX'], spellings: ['SHPK', 'sh.p.k.', 'Shoqëri me Përgjegjësi të Kufizuar'] },
  { canonical: 'ehf', where: ['ISL'], spellings: ['ehf', 'ehf.', 'Einkahlutafélag'] },
  { canonical: 'saog', where: ['OMN'], spellings: ['SAOG', 'S.A.O.G.', 'SAOC', 'S.A.O.C.'] },
  { canonical: 'psc', where: ['ARE', 'JOR'], spellings: ['P.J.S.C.', 'PSC', 'P.S.C.', 'Public Shareholding Company'] },
  { canonical: 'se', where: ['EU'], spellings: ['SE', 'Societas Europaea'] },
  // Non-profit civil associations of Spanish-speaking countries.
  { canonical: 'ac', where: ['MEX', 'ARG', 'VEN', 'PER'], spellings: ['A.C.', 'AC', 'Asociación Civil'] },
  // US corporations, partnerships, sole traders and free-zone entities.
  { canonical: 'inc', where: ['USA', 'CAN', 'PHL'], spellings: ['Inc', 'Inc.', 'Incorporated'] },
  { canonical: 'corp', where: ['USA', 'CAN', 'TWN'], spellings: ['Corp', 'Corp.', 'Corporation'] },
  { canonical: 'llp', where: ['GBR', 'USA', 'IND', 'KAZ'], spellings: ['LLP', 'L.L.P.', 'Limited Liability Partnership'] },
  { canonical: 'lp', where: ['USA', 'GBR', 'CYM', 'LUX'], spellings: ['LP', 'L.P.', 'Limited Partnership', 'SCSp', 'SCS', 'Société en commandite simple'] },
  { canonical: 'kg', where: ['DEU', 'AUT'], spellings: ['KG', 'Kommanditgesellschaft', 'GmbH & Co. KG', 'GmbH & Co KG'] },
  { canonical: 'ohg', where: ['DEU', 'AUT'], spellings: ['OHG', 'oHG', 'Offene Handelsgesellschaft'] },
  { canonical: 'snc', where: ['FRA', 'ITA'], spellings: ['SNC', 'S.N.C.', 'Société en nom collectif', 'Società in nome collettivo'] },
  { canonical: 'sas', where: ['FRA', 'COL'], spellings: ['SAS', 'S.A.S.', 'Société par actions simplifiée', 'SASU'] },
  { canonical: 'ip', where: ['RUS', 'UKR', 'KAZ'], spellings: ['Индивидуальный предприниматель', 'Individualnyy predprinimatel', 'FOP', 'ФОП', 'ЧП', 'Фізична особа-підприємець', 'Individual Entrepreneur', 'Private Entrepreneur'] },
  { canonical: 'gup', where: ['RUS', 'UKR', 'BLR'], spellings: ['GUP', 'ГУП', 'FGUP', 'ФГУП', 'MUP', 'МУП', 'Federal State Unitary Enterprise', 'State Unitary Enterprise', 'Unitary Enterprise',
    'Federalnoye Gosudarstvennoye Unitarnoye Predpriyatiye', 'Федеральное государственное унитарное предприятие', 'Государственное унитарное предприятие', 'RUP', 'РУП', 'Republican Unitary Enterprise'] },
  { canonical: 'fze', where: ['ARE'], spellings: ['FZE', 'Free Zone Establishment'] },
  { canonical: 'fzco', where: ['ARE'], spellings: ['FZCO', 'Free Zone Company'] },
  { canonical: 'dmcc', where: ['ARE'], spellings: ['DMCC'] },
  { canonical: 'wll', where: ['BHR', 'QAT', 'KWT'], spellings: ['WLL', 'W.L.L.', 'With Limited Liability'] },
  { canonical: 'pty', where: ['AUS', 'ZAF'], spellings: ['Pty', 'Proprietary'] },
  { canonical: 'cv', where: ['NLD'], spellings: ['C.V.', 'Commanditaire vennootschap'] },
];

/**
 * Short spellings that are also ordinary words or given names ("as", "ab", "ad", "at", "pt",
 * "se", "ip", "sti"): a form only at the start or the end of a name. Single-letter sequences
 * ("s a", "b v") follow the same rule; "asa" (also a given name) only at the end.
 */
export const EDGE_ONLY_FORMS: ReadonlySet<string> = new Set(['ac', 'as', 'ao', 'sa', 'kg', 'ag', 'co', 'ab', 'ad', 'at', 'ae', 'pt', 'se', 'ip', 'sti', 'oy', 'kk', 'gk', 'rt', 'pat', 'pcl', 'scs', 'sia', 'bam', 'lda', 'dd', 'hk', 'sl', 'cv', 'nao', 'zat', 'ead', 'pty', 'asc', 'chp', 'pjs', 'rup', 'mup', 'gup', 'psc', 'ehf']);
export const END_ONLY_FORMS: ReadonlySet<string> = new Set(['asa', 'sl', 'bam', 'pty']);

/**
 * Families of legal forms: private limited companies (LLC, OOO, GmbH, SARL, Ltda, ...), stock
 * corporations (JSC, AO, AG, S.A., PLC, Inc., ...), partnerships, sole traders, state unitary
 * enterprises. Corp is in both company families, as translations use it for either (Co., Ltd. /
 * Corporation); Ltd and Inc stay apart (a UK and a US company of one name are two companies).
 */
const LIMITED = ['llc', 'ltd', 'gmbh', 'sarl', 'srl', 'sl', 'ltda', 'spzoo', 'sro', 'doo', 'ood', 'bv', 'kft', 'sia', 'uab', 'ou', 'aps', 'ltdsti',
  'shpk', 'ehf', 'wll', 'pty', 'fze', 'fzco', 'dmcc', 'corp'];
const STOCK = ['jsc', 'ag', 'sa', 'spa', 'nv', 'as', 'asa', 'ab', 'oy', 'oyj', 'dd', 'ad', 'zrt', 'kk', 'tbk', 'bhd', 'plc', 'saog', 'psc', 'se',
  'inc', 'corp', 'sas'];
const FAMILIES: Record<string, string[]> = {};
for (const [family, forms] of [['limited', LIMITED], ['stock', STOCK], ['partnership', ['llp', 'lp', 'kg', 'ohg', 'snc', 'cv']]] as const) {
  for (const f of forms) (FAMILIES[f] ??= []).push(family);
}

/** Whether two canonical legal forms are of one family (both private limited companies, both stock corporations, ...). */
export const sameFormFamily = (a: string, b: string): boolean => a === b || (FAMILIES[a] ?? []).some((f) => (FAMILIES[b] ?? []).includes(f));
