/**
 * Words of company names in other languages (folded, as lists romanise them) and the English
 * word each one translates: lists print one company under its own name and under a
 * translation (Kontsern Okeanpribor / Concern Okeanpribor, BM Proekt / BM Project, Banco
 * Agricola / Agricultural Bank). Only words that say what a company does or is, never a
 * distinctive name; read before two names are compared (./companyWords.ts readWord), not for
 * the index. Russian and Ukrainian as romanised by lists (BGN/PCGN and the passport system),
 * Spanish, Portuguese, French, Italian, German and Dutch.
 */
const GROUPS: Record<string, string[]> = {
  bank: ['banco', 'banque', 'banka', 'bankas'],
  commercial: ['kommercheskiy', 'kommercheskii', 'kommerchesky', 'komertsiinyi', 'comercial', 'commerciale', 'kommerziell'],
  company: ['kompaniya', 'kompaniia', 'compania', 'companhia', 'compagnie', 'compagnia', 'empresa', 'firma'],
  concern: ['kontsern', 'koncern', 'konzern'],
  group: ['gruppa', 'grupo', 'groupe', 'gruppo', 'gruppe', 'groep'],
  industries: ['industria', 'industrias', 'industrie', 'industries', 'promyshlennost', 'promyshlennaya'],
  international: ['internacional', 'internationale', 'internazionale', 'mezhdunarodnyi', 'mezhdunarodnaya', 'mezhdunarodnyy'],
  national: ['nacional', 'nationale', 'nazionale', 'natsionalnyi', 'natsionalnaya', 'natsionalnyy'],
  central: ['tsentralny', 'tsentralnyi', 'tsentralnyy', 'tsentralnoe', 'tsentralnaya', 'zentral', 'centrale'],
  project: ['proekt', 'proyekt', 'proyecto', 'projet', 'progetto', 'projekt'],
  construction: ['stroitelnye', 'stroitelnaya', 'stroitelnoe', 'stroitelstvo', 'construcciones', 'construccion', 'construcoes', 'costruzioni', 'bau'],
  technologies: ['tekhnologii', 'tekhnologiya', 'tecnologia', 'tecnologias', 'technologie', 'technologies', 'tecnologie'],
  resources: ['resursy', 'recursos', 'ressources', 'risorse'],
  global: ['globalnye', 'globalnyi', 'globalnaya'],
  mineral: ['mineralnye', 'mineralnyi', 'minerales', 'mineraux'],
  waters: ['vody', 'voda', 'aguas', 'eaux'],
  insurance: ['strakhovoi', 'strakhovaya', 'strakhovoy', 'strakhovanie', 'seguros', 'assurances', 'assicurazioni', 'versicherung'],
  plant: ['zavod', 'kombinat', 'fabrica', 'usine', 'werk'],
  management: ['menedzhment', 'upravlenie', 'gestion', 'gestione'],
  ship: ['shyp', 'sudno', 'navire', 'buque'],
  shipping: ['sudokhodnaya', 'sudokhodstvo', 'naviera', 'maritima', 'maritime'],
  aviation: ['aviatsionnoe', 'aviatsionnyi', 'aviatsionnaya', 'aviatsiya', 'aviacion', 'aviazione'],
  equipment: ['oborudovanie', 'equipos', 'equipements', 'attrezzature'],
  production: ['proizvodstvennoe', 'proizvodstvennaya', 'proizvodstvo', 'produccion', 'production'],
  association: ['obedinenie', 'obyedinenie', 'asociacion', 'associacao', 'associazione', 'vereinigung'],
  scientific: ['nauchno', 'nauchnyi', 'nauchnaya', 'cientifico', 'scientifique'],
  research: ['issledovatelskii', 'issledovatelskiy', 'investigacion', 'recherche', 'ricerca', 'forschung'],
  institute: ['institut', 'instituto', 'istituto'],
  foundation: ['fond', 'fundacion', 'fundacao', 'fondation', 'fondazione', 'stiftung'],
  development: ['razvitie', 'razvitiya', 'desarrollo', 'desenvolvimento', 'developpement', 'sviluppo', 'entwicklung'],
  investments: ['investitsii', 'investitsionnaya', 'inversiones', 'investimentos', 'investissements', 'investimenti'],
  energy: ['energiya', 'energia', 'energie'],
  oil: ['neft', 'neftyanaya', 'neftyanoi', 'petroleo', 'petrole', 'petrolio'],
  gas: ['gazovaya', 'gazovyi'],
  trading: ['torgovyi', 'torgovaya', 'torgovyy', 'torgovyi', 'comercializadora', 'commerciale'],
  transport: ['transportnaya', 'transportnyi', 'transportes', 'transports', 'trasporti'],
  services: ['servis', 'servisy', 'servicios', 'servicos', 'servizi'],
  engineering: ['inzhiniring', 'ingenieria', 'engenharia', 'ingenierie', 'ingegneria'],
  agricultural: ['agricola', 'agricole', 'selskokhozyaistvennaya', 'selskokhozyaystvennoe'],
  saint: ['sankt'],
  design: ['konstruktorskoe', 'konstruktorskoye', 'proektnoe'],
  bureau: ['byuro', 'buro', 'oficina'],
  electronics: ['elektronika', 'electronica', 'electronique', 'elettronica', 'elektronik'],
  chemical: ['khimicheskaya', 'khimicheskii', 'quimica', 'chimique', 'chimica', 'chemie'],
  metallurgical: ['metallurgicheskii', 'metallurgicheskiy', 'metallurgicheskaya', 'metalurgica', 'metallurgique'],
};

/** Each translated word and the English word it reads as. */
export const TRANSLATIONS: ReadonlyMap<string, string> = new Map(Object.entries(GROUPS).flatMap(([en, words]) => words.filter((w) => w !== en).map((w): [string, string] => [w, en])));
