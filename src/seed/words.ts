/** Word lists and tables of the synthetic graph: names, countries, cultures, sources, sanctions. */

// ---------------------------------------------------------------------------------------
// Word lists
// ---------------------------------------------------------------------------------------

export const COMPANY_PREFIX = ['North', 'South', 'East', 'West', 'Silver', 'Golden', 'Red', 'Blue', 'Green', 'Black', 'White', 'Iron',
  'Stone', 'Oak', 'Ash', 'Elm', 'Pine', 'Cedar', 'Maple', 'Willow', 'River', 'Lake', 'Harbour', 'Bay', 'Crown', 'Royal', 'Summit',
  'Atlas', 'Orion', 'Polar', 'Meridian', 'Vector', 'Falcon', 'Eagle', 'Raven', 'Kestrel', 'Phoenix', 'Aurora', 'Horizon', 'Pioneer'];
export const COMPANY_ROOT = ['bridge', 'field', 'gate', 'stone', 'wood', 'water', 'ford', 'wick', 'view', 'point', 'crest', 'haven', 'vale',
  'moor', 'ridge', 'land', 'line', 'star', 'way', 'port'];
export const COMPANY_KIND = ['Holdings', 'Trading', 'Capital', 'Logistics', 'Ventures', 'Consulting', 'Shipping', 'Energy', 'Properties',
  'Investments', 'Industries', 'Solutions', 'Partners', 'Resources', 'Commodities', 'Group', 'Management', 'Services', 'Technologies',
  'Foods'];
export const PURPOSE = ['Activities of other holding companies', 'Non-specialised wholesale trade', 'Management consultancy activities',
  'Sea and coastal freight water transport', 'Buying and selling of own real estate', 'Financial intermediation n.e.c.',
  'Wholesale of grain and animal feeds', 'Support activities for petroleum and natural gas extraction', 'Freight transport by road',
  'Wholesale of metals and metal ores', 'Business and domestic software development', 'Other business support service activities'];

export interface CountryInfo {
  id: string;
  weight: number;
  suffixes: readonly string[];
  idType: string;
  companyType: string;
  cities: readonly string[];
  streets: readonly string[];
  culture: number; // index into CULTURES
}

export const COUNTRIES: readonly CountryInfo[] = [
  { id: 'GBR', weight: 0.28, suffixes: ['Ltd', 'Limited', 'LLP', 'PLC'], idType: 'gbr_company_number', companyType: 'Private limited company',
    cities: ['London EC1V 2NX', 'Manchester M1 4BT', 'Birmingham B3 2DT', 'Leeds LS1 5AB', 'Glasgow G2 1PJ', 'Bristol BS1 4DJ'],
    streets: ['High Street', 'City Road', 'King Street', 'Victoria Road', 'Church Lane', 'Mill Road', 'Station Approach'], culture: 0 },
  { id: 'CYP', weight: 0.09, suffixes: ['Limited', 'Ltd'], idType: 'cyp_company_number', companyType: 'Private company limited by shares',
    cities: ['3026 Limassol', '1066 Nicosia', '6023 Larnaca', '8046 Paphos'],
    streets: ['Arch. Makariou III', 'Spyrou Kyprianou Avenue', 'Agias Fylaxeos', 'Griva Digeni', '28 Oktovriou Avenue'], culture: 4 },
  { id: 'VGB', weight: 0.08, suffixes: ['Ltd.', 'Limited', 'Inc.', 'Corp.'], idType: 'vgb_company_number', companyType: 'BVI Business Company',
    cities: ['Road Town, Tortola VG1110'], streets: ['Wickhams Cay I', 'Main Street', 'Waterfront Drive', 'Pasea Estate'], culture: 0 },
  { id: 'USA', weight: 0.1, suffixes: ['LLC', 'Inc.', 'Corp.', 'LP'], idType: 'usa_ein', companyType: 'Limited liability company',
    cities: ['Wilmington, DE 19801', 'New York, NY 10005', 'Houston, TX 77002', 'Miami, FL 33131', 'Cheyenne, WY 82001'],
    streets: ['Orange Street', 'Wall Street', 'Main Street', 'Brickell Avenue', 'Capitol Avenue'], culture: 0 },
  { id: 'DEU', weight: 0.05, suffixes: ['GmbH', 'AG', 'GmbH & Co. KG'], idType: 'deu_handelsregister_number', companyType: 'Gesellschaft mit beschränkter Haftung',
    cities: ['20457 Hamburg', '60311 Frankfurt am Main', '80331 München', '10117 Berlin'],
    streets: ['Hauptstraße', 'Königsallee', 'Friedrichstraße', 'Große Elbstraße'], culture: 1 },
  { id: 'NLD', weight: 0.04, suffixes: ['B.V.', 'N.V.'], idType: 'nld_kvk_number', companyType: 'Besloten vennootschap',
    cities: ['1077 ZX Amsterdam', '3011 AD Rotterdam', '2511 CV Den Haag'], streets: ['Strawinskylaan', 'Coolsingel', 'Keizersgracht'], culture: 1 },
  { id: 'RUS', weight: 0.06, suffixes: ['OOO', 'AO', 'PAO'], idType: 'ru_inn', companyType: 'Limited liability company (OOO)',
    cities: ['Moscow 119017', 'Saint Petersburg 190000', 'Yekaterinburg 620014'],
    streets: ['ul. Bolshaya Ordynka', 'Nevsky prospekt', 'ul. Tverskaya', 'Leninsky prospekt'], culture: 5 },
  { id: 'CHE', weight: 0.03, suffixes: ['AG', 'SA', 'GmbH'], idType: 'che_uid', companyType: 'Aktiengesellschaft',
    cities: ['8001 Zürich', '1204 Genève', '6300 Zug'], streets: ['Bahnhofstrasse', 'Rue du Rhône', 'Baarerstrasse'], culture: 1 },
  { id: 'FRA', weight: 0.03, suffixes: ['SAS', 'SARL', 'SA'], idType: 'fra_siren', companyType: 'Société par actions simplifiée',
    cities: ['75008 Paris', '69002 Lyon', '13001 Marseille'], streets: ['rue de la Boétie', 'avenue des Champs-Élysées', 'rue Garibaldi'], culture: 2 },
  { id: 'LUX', weight: 0.02, suffixes: ['S.à r.l.', 'S.A.', 'SCSp'], idType: 'lux_rcs_number', companyType: 'Société à responsabilité limitée',
    cities: ['L-2540 Luxembourg', 'L-1855 Luxembourg'], streets: ['rue Edward Steichen', 'avenue J.F. Kennedy', 'boulevard Royal'], culture: 2 },
  { id: 'ARE', weight: 0.03, suffixes: ['L.L.C.', 'FZE', 'FZCO', 'DMCC'], idType: 'are_trade_license', companyType: 'Free zone establishment',
    cities: ['Dubai', 'Abu Dhabi'], streets: ['Sheikh Zayed Road', 'Jumeirah Lake Towers', 'Al Maktoum Road'], culture: 0 },
  { id: 'HKG', weight: 0.02, suffixes: ['Limited', 'Co., Limited'], idType: 'hkg_company_number', companyType: 'Private company limited by shares',
    cities: ['Central, Hong Kong', 'Wan Chai, Hong Kong'], streets: ['Queen\'s Road Central', 'Connaught Road Central', 'Harbour Road'], culture: 0 },
  { id: 'MLT', weight: 0.02, suffixes: ['Limited', 'Ltd'], idType: 'mlt_company_number', companyType: 'Private limited liability company',
    cities: ['Sliema SLM 1542', 'Valletta VLT 1190'], streets: ['Triq il-Kbira', 'Tower Road', 'Republic Street'], culture: 0 },
  { id: 'PAN', weight: 0.02, suffixes: ['S.A.', 'Inc.', 'Corp.'], idType: 'pan_folio_number', companyType: 'Sociedad anónima',
    cities: ['Panama City'], streets: ['Calle 50', 'Avenida Balboa', 'Calle Aquilino de la Guardia'], culture: 3 },
  { id: 'ESP', weight: 0.02, suffixes: ['S.L.', 'S.A.'], idType: 'esp_nif', companyType: 'Sociedad limitada',
    cities: ['28009 Madrid', '08001 Barcelona', '29601 Marbella'], streets: ['Calle de Alcalá', 'Passeig de Gràcia', 'Avenida Ricardo Soriano'], culture: 3 },
  { id: 'POL', weight: 0.02, suffixes: ['Sp. z o.o.', 'S.A.'], idType: 'pol_krs_number', companyType: 'Spółka z ograniczoną odpowiedzialnością',
    cities: ['00-001 Warszawa', '70-502 Szczecin', '80-001 Gdańsk'], streets: ['ul. Marszałkowska', 'ul. Wały Chrobrego', 'ul. Długa'], culture: 6 },
  { id: 'TUR', weight: 0.02, suffixes: ['A.Ş.', 'Ltd. Şti.'], idType: 'tur_vkn', companyType: 'Anonim şirket',
    cities: ['34394 İstanbul', '33010 Mersin', '35210 İzmir'], streets: ['Büyükdere Caddesi', 'İstiklal Caddesi', 'Atatürk Bulvarı'], culture: 7 },
  { id: 'GRC', weight: 0.02, suffixes: ['S.A.', 'Ltd'], idType: 'grc_gemi_number', companyType: 'Anonymi Etaireia',
    cities: ['185 35 Piraeus', '106 71 Athens'], streets: ['Akti Miaouli', 'Vasilissis Sofias', 'Leoforos Kifisias'], culture: 4 },
  { id: 'SGP', weight: 0.02, suffixes: ['Pte. Ltd.'], idType: 'sgp_uen', companyType: 'Private company limited by shares',
    cities: ['Singapore 048619', 'Singapore 018989'], streets: ['Raffles Place', 'Marina Boulevard', 'Cecil Street'], culture: 0 },
  { id: 'NOR', weight: 0.02, suffixes: ['AS', 'ASA'], idType: 'nor_org_number', companyType: 'Aksjeselskap',
    cities: ['0150 Oslo', '5003 Bergen'], streets: ['Karl Johans gate', 'Bryggen', 'Dronning Eufemias gate'], culture: 8 },
];
export const COUNTRY_TABLE: ReadonlyArray<readonly [CountryInfo, number]> = COUNTRIES.map((c) => [c, c.weight] as const);

/** Person-name cultures: [latin given, latin family, native given?, native family?] */
export interface Culture {
  nationality: string;
  given: readonly string[];
  family: readonly string[];
  /** Parallel native-script lists (same length as given/family), when the culture has one. */
  nativeGiven?: readonly string[];
  nativeFamily?: readonly string[];
}
export const CULTURES: readonly Culture[] = [
  { nationality: 'GBR', given: ['James', 'Oliver', 'Sarah', 'Emily', 'Thomas', 'Charlotte', 'William', 'Sophie', 'Daniel', 'Hannah', 'Michael', 'Laura', 'Niamh', 'Callum'],
    family: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright', "O'Brien", 'McLeod', 'Patel', 'Khan'] },
  { nationality: 'DEU', given: ['Jürgen', 'Björn', 'Zoë', 'Lukas', 'Anna', 'Maximilian', 'Käthe', 'Felix', 'Lena', 'Jörg'],
    family: ['Müller', 'Schröder', 'Weiß', 'Becker', 'Hoffmann', 'Schäfer', 'Koch', 'Größer', 'Bauer', 'Wagner'] },
  { nationality: 'FRA', given: ['François', 'Renée', 'Hélène', 'Loïc', 'Étienne', 'Chloé', 'Jérôme', 'Amélie', 'Noël', 'Gaëlle'],
    family: ['Lefèvre', 'Dubois', 'Moreau', 'Girard', 'Bonnet', 'Fontaine', 'Mercier', 'Rousseau', 'Lambert', 'Béranger'] },
  { nationality: 'ESP', given: ['José', 'María', 'Íñigo', 'Begoña', 'Andrés', 'Lucía', 'Martín', 'Sofía', 'Raúl', 'Inés'],
    family: ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Muñoz', 'Gómez'] },
  { nationality: 'CYP', given: ['Andreas', 'Maria', 'Nikos', 'Eleni', 'Costas', 'Georgia', 'Yiannis', 'Christina', 'Panayiotis', 'Sofia'],
    family: ['Georgiou', 'Christodoulou', 'Papadopoulos', 'Demetriou', 'Charalambous', 'Ioannou', 'Constantinou', 'Nicolaou', 'Savva', 'Michael'],
    nativeGiven: ['Ανδρέας', 'Μαρία', 'Νίκος', 'Ελένη', 'Κώστας', 'Γεωργία', 'Γιάννης', 'Χριστίνα', 'Παναγιώτης', 'Σοφία'],
    nativeFamily: ['Γεωργίου', 'Χριστοδούλου', 'Παπαδόπουλος', 'Δημητρίου', 'Χαραλάμπους', 'Ιωάννου', 'Κωνσταντίνου', 'Νικολάου', 'Σάββα', 'Μιχαήλ'] },
  { nationality: 'RUS', given: ['Dmitri', 'Sergei', 'Olga', 'Anna', 'Ivan', 'Yelena', 'Alexei', 'Natalia', 'Mikhail', 'Tatiana'],
    family: ['Ivanov', 'Smirnov', 'Volkov', 'Sokolov', 'Popov', 'Lebedev', 'Kozlov', 'Novikov', 'Morozov', 'Petrov'],
    nativeGiven: ['Дмитрий', 'Сергей', 'Ольга', 'Анна', 'Иван', 'Елена', 'Алексей', 'Наталья', 'Михаил', 'Татьяна'],
    nativeFamily: ['Иванов', 'Смирнов', 'Волков', 'Соколов', 'Попов', 'Лебедев', 'Козлов', 'Новиков', 'Морозов', 'Петров'] },
  { nationality: 'POL', given: ['Łukasz', 'Małgorzata', 'Paweł', 'Agnieszka', 'Wojciech', 'Zofia', 'Michał', 'Katarzyna'],
    family: ['Wójcik', 'Kowalczyk', 'Nowak', 'Wiśniewski', 'Zieliński', 'Kamiński', 'Lewandowski', 'Dąbrowski'] },
  { nationality: 'TUR', given: ['Ayşe', 'Çağrı', 'Gökhan', 'Şule', 'Mehmet', 'Elif', 'Barış', 'Özge'],
    family: ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Öztürk', 'Aydın', 'Arslan'] },
  { nationality: 'NOR', given: ['Søren', 'Åsa', 'Bjørn', 'Ingrid', 'Håkon', 'Sigrid', 'Ørjan', 'Kari'],
    family: ['Ødegaard', 'Hansen', 'Johansen', 'Berg', 'Håland', 'Løvland', 'Strøm', 'Nilsen'] },
];
export const CULTURE_TABLE: ReadonlyArray<readonly [number, number]> = [[0, 0.34], [1, 0.1], [2, 0.08], [3, 0.08], [4, 0.1], [5, 0.14], [6, 0.06], [7, 0.05], [8, 0.05]];

export const POSITIONS = ['Director', 'Chief Executive Officer', 'Chief Financial Officer', 'Managing Director', 'Chairman', 'Company Secretary',
  'Authorised Signatory', 'Compliance Officer', 'Head of Trading', 'General Counsel'];

export interface SourceDef { id: string; label: string; country: string; sourceType: string; url: string }
export const SOURCES: readonly SourceDef[] = [
  { id: 'gbr_companies_house', label: 'UK Companies House', country: 'GBR', sourceType: 'company_register', url: 'https://find-and-update.company-information.service.gov.uk/' },
  { id: 'cyp_registrar', label: 'Cyprus Registrar of Companies', country: 'CYP', sourceType: 'company_register', url: 'https://efiling.drcor.mcit.gov.cy/DrcorPublic/' },
  { id: 'vgb_fsc', label: 'BVI Financial Services Commission', country: 'VGB', sourceType: 'company_register', url: 'https://www.bvifsc.vg/' },
  { id: 'xxx_corporate_registries', label: 'Other national corporate registries (aggregated)', country: 'XXX', sourceType: 'company_register', url: 'https://registries.example.org/' },
  { id: 'usa_ofac_sdn_list', label: 'OFAC Specially Designated Nationals List', country: 'USA', sourceType: 'sanctions', url: 'https://sanctionslist.ofac.treas.gov/' },
  { id: 'gbr_hmt_ofsi_list', label: 'HM Treasury OFSI Consolidated List', country: 'GBR', sourceType: 'sanctions', url: 'https://www.gov.uk/government/publications/financial-sanctions-consolidated-list-of-targets' },
  { id: 'eu_sanctions_list', label: 'EU Consolidated Financial Sanctions List', country: 'XXX', sourceType: 'sanctions', url: 'https://data.europa.eu/' },
  { id: 'un_sc_sanctions_list', label: 'UN Security Council Consolidated List', country: 'XXX', sourceType: 'sanctions', url: 'https://main.un.org/securitycouncil/en/content/un-sc-consolidated-list' },
  { id: 'xxx_pep_register', label: 'Open Register of Politically Exposed Persons', country: 'XXX', sourceType: 'pep_list', url: 'https://pep-register.example.org/' },
  { id: 'gbr_land_registry', label: 'HM Land Registry ownership data', country: 'GBR', sourceType: 'land_registry', url: 'https://use-land-property-data.service.gov.uk/' },
  { id: 'usa_import_bills_of_lading', label: 'US Import Bills of Lading', country: 'USA', sourceType: 'trade', url: 'https://manifests.example.org/' },
];
export const SOURCE_BY_ID = new Map(SOURCES.map((s) => [s.id, s]));
export const SOURCE_FOR_REGISTER: Record<string, string> = { GBR: 'gbr_companies_house', CYP: 'cyp_registrar', VGB: 'vgb_fsc' };
/** [factor, source id, risk country] for the sanctions lists used. */
export const SANCTIONS: ReadonlyArray<readonly [string, string, string]> = [
  ['sanctioned_usa_ofac_sdn', 'usa_ofac_sdn_list', 'USA'],
  ['sanctioned_gbr_hmt_ofsi', 'gbr_hmt_ofsi_list', 'GBR'],
  ['sanctioned_eu_sanctions', 'eu_sanctions_list', 'XXX'],
  ['sanctioned_un_sc', 'un_sc_sanctions_list', 'XXX'],
];
