/**
 * The adverse-media topic taxonomy: the published client's eleven topics, each with the risk
 * flags that set it and the phrases that set each flag, in English, French, German, Spanish,
 * Russian, Arabic and Chinese. Kept as data so an analyst can read and extend it.
 *
 * A phrase is words separated by spaces, matched as consecutive words of the text after both
 * are folded (lower case, accents and Arabic diacritics removed; src/services/news/topics.ts).
 * A `*` at the end of a word matches any ending (sanction* -> sanctions, sanctioned), at its
 * start any beginning (*geldwäsche -> Steuergeldwäsche, *عقوبات -> بالعقوبات). Chinese phrases
 * are matched as text, since Chinese is written without spaces.
 */

export const NEWS_TOPICS = [
  'overview', 'environmental_and_social', 'cybersecurity', 'disruption', 'criminal', 'reputational',
  'financial', 'sanctions_and_regulatory', 'legal', 'political', 'terrorism',
] as const;
export type NewsTopic = (typeof NEWS_TOPICS)[number];

/** `overview` asks for every topic; it is never set on an article. */
export const OVERVIEW: NewsTopic = 'overview';

export const NEWS_LANGUAGES = ['en', 'fr', 'de', 'es', 'ru', 'ar', 'zh'] as const;
export type NewsLanguage = (typeof NEWS_LANGUAGES)[number];

export interface RiskFlagRule {
  topic: Exclude<NewsTopic, 'overview'>;
  /** The flag as the client shows it (`risk_flags`). */
  flag: string;
  phrases: Partial<Record<NewsLanguage, string[]>>;
}

export const RISK_FLAG_RULES: readonly RiskFlagRule[] = [
  { topic: 'sanctions_and_regulatory', flag: 'Sanctions', phrases: {
    en: ['sanction*', 'blacklist*', 'asset freeze*', 'frozen asset*', 'trade embargo*', 'embargo*', 'sanctions evasion', 'evade* sanction*', 'blocking list', 'designated', 'freezes assets', 'freeze* asset*'],
    fr: ['sanction*', 'gel des avoirs', 'avoirs gel*', 'embargo*', 'liste noire', 'gele les avoirs'],
    de: ['sanktion*', '*sanktion*', 'embargo*', 'vermogen eingefroren', 'eingefrorene* vermogen*', 'schwarze* liste*', 'sperrliste*', 'friert'],
    es: ['sancion*', 'embargo*', 'congelacion de activos', 'activos congelados', 'lista negra', 'lista de bloqueo', 'congela los bienes'],
    ru: ['санкци*', '*санкци*', 'эмбарго', 'заморозк* актив*', 'черн* список*'],
    ar: ['*عقوب*', 'حظر تجاري', 'تجميد الاصول', 'تجميد اصول', 'القائمة السوداء'],
    zh: ['制裁', '禁运', '冻结资产', '资产冻结', '黑名单'],
  } },
  { topic: 'sanctions_and_regulatory', flag: 'Export Control', phrases: {
    en: ['export control*', 'export ban*', 'entity list', 'dual-use', 'dual use good*', 'restricted electronics', 'military buyer*'],
    fr: ['controle* des exportations', 'interdiction d exporter', 'double usage', 'soumis a licence', 'client militaire'],
    de: ['exportkontroll*', 'ausfuhrkontroll*', 'exportverbot*', 'dual-use', 'genehmigungspflichtig*', 'ausfuhrgenehmigung*', 'militarkund*'],
    es: ['control* de exportacion*', 'prohibicion de exportar', 'doble uso', 'requieren licencia', 'cliente militar'],
    ru: ['экспортн* контрол*', 'запрет на экспорт', 'двойного назначения'],
    ar: ['ضوابط التصدير', 'حظر التصدير', 'مزدوج* الاستخدام'],
    zh: ['出口管制', '实体清单', '出口禁令', '军民两用'],
  } },
  { topic: 'sanctions_and_regulatory', flag: 'Regulatory Action', phrases: {
    en: ['regulator* fine*', 'fined', 'fines against', 'penalty from', 'regulatory action', 'license revoked', 'licence revoked', 'enforcement action', 'consent order'],
    fr: ['amende* de l autorite', 'condamne* a une amende', 'licence retiree', 'autorite de regulation'],
    de: ['bussgeld*', 'aufsichtsbehord*', 'lizenz entzogen', 'geldstrafe*'],
    es: ['multa* del regulador', 'multad* por', 'licencia revocada', 'regulador* sancion*'],
    ru: ['штраф*', 'отзыв* лиценз*', 'регулятор*'],
    ar: ['غرام*', 'سحب الترخيص', 'الجهة الرقابية'],
    zh: ['罚款', '吊销执照', '监管处罚', '被罚'],
  } },
  { topic: 'financial', flag: 'Money Laundering', phrases: {
    en: ['money laundering', 'launder* money', 'laundered', 'laundering scheme*', 'shell compan*'],
    fr: ['blanchiment*', 'blanchi* d argent', 'societe* ecran*', 'blanchir'],
    de: ['geldwasche*', '*geldwasche*', 'briefkastenfirm*', 'gewaschen'],
    es: ['lavado de dinero', 'blanqueo de capitales', 'blanqueo*', 'empresa* fantasma', 'lavad* dinero'],
    ru: ['отмывани*', 'отмыв* денег', 'подставн* компани*'],
    ar: ['غسل الاموال', 'غسيل الاموال', 'شرك* وهمي*'],
    zh: ['洗钱', '空壳公司'],
  } },
  { topic: 'financial', flag: 'Financial Fraud', phrases: {
    en: ['fraud*', 'embezzl*', 'ponzi', 'misappropriat*', 'insider trading', 'tax evasion', 'tax fraud', 'accounting scandal*'],
    fr: ['fraude*', 'detournement* de fonds', 'escroquerie*', 'delit d initie', 'evasion fiscale', 'fraude fiscale'],
    de: ['betrug*', '*betrug', 'veruntreu*', 'unterschlag*', 'insiderhandel*', 'steuerhinterzieh*'],
    es: ['fraude*', 'malversacion*', 'estafa*', 'evasion fiscal', 'uso de informacion privilegiada'],
    ru: ['мошенничеств*', 'растрат*', 'хищени*', 'уклонени* от уплаты налогов', 'инсайдерск* торговл*'],
    ar: ['احتيال*', '*احتيال', 'اختلاس*', 'التهرب الضريبي', 'تهرب ضريبي'],
    zh: ['欺诈', '诈骗', '挪用公款', '贪污', '逃税', '内幕交易'],
  } },
  { topic: 'financial', flag: 'Insolvency', phrases: {
    en: ['bankrupt*', 'insolven*', 'default* on', 'liquidation', 'went into administration'],
    fr: ['faillite*', 'insolvabilite', 'liquidation judiciaire', 'redressement judiciaire', 'creanciers'],
    de: ['insolvenz*', '*insolvenz*', 'konkurs*', 'zahlungsunfahig*', 'glaubiger'],
    es: ['quiebra*', 'insolvencia*', 'concurso de acreedores', 'bancarrota*'],
    ru: ['банкротств*', 'банкрот*', 'несостоятельн*', 'ликвидаци*'],
    ar: ['افلاس*', 'الافلاس', 'اعسار*', 'تصفية'],
    zh: ['破产', '资不抵债', '清算', '违约'],
  } },
  { topic: 'criminal', flag: 'Corruption', phrases: {
    en: ['brib*', 'corrupt*', 'kickback*', 'graft'],
    fr: ['corruption*', 'pot*-de-vin', 'pot* de vin', 'trafic d influence'],
    de: ['korruption*', '*korruption*', 'bestech*', 'schmiergeld*'],
    es: ['corrupcion*', 'soborn*', 'coima*', 'cohecho*', 'comisiones ilegales'],
    ru: ['коррупци*', 'взятк*', 'взяточничеств*', 'откат*'],
    ar: ['فساد', 'الفساد', 'رشوة', 'رشاوى', 'الرشوة'],
    zh: ['腐败', '贿赂', '受贿', '行贿', '回扣'],
  } },
  { topic: 'criminal', flag: 'Law Enforcement', phrases: {
    en: ['arrest*', 'indict*', 'charged with', 'convicted', 'raided', 'police raid*', 'police investigat*', 'prosecutor*', 'sentenced to', 'smuggl*', 'trafficking'],
    fr: ['arrete*', 'inculpe*', 'mis en examen', 'condamne*', 'perquisition*', 'procureur*', 'contrebande'],
    de: ['festgenommen', 'verhaftet', 'angeklagt', 'verurteilt', 'razzia*', 'staatsanwalt*', 'schmuggel*'],
    es: ['detenid*', 'arrestad*', 'imputad*', 'condenad*', 'allanamiento*', 'la fiscalia', 'contrabando*'],
    ru: ['арестова*', 'задержа*', 'обвинени*', 'осужд*', 'обыск*', 'прокурор*', 'контрабанд*'],
    ar: ['اعتقال*', 'القبض على', 'اتهام*', 'ادانة', 'مداهمة', 'النيابة', 'تهريب*'],
    zh: ['逮捕', '被捕', '起诉', '定罪', '判处', '突击搜查', '走私'],
  } },
  { topic: 'criminal', flag: 'Organised Crime', phrases: {
    en: ['organized crime', 'organised crime', 'cartel*', 'mafia', 'drug trafficking', 'narcotics'],
    fr: ['crime organise', 'cartel*', 'mafia', 'trafic de drogue', 'stupefiants'],
    de: ['organisierte* kriminalitat', 'kartell*', 'mafia', 'drogenhandel*'],
    es: ['crimen organizado', 'cartel*', 'mafia', 'narcotrafico', 'trafico de drogas'],
    ru: ['организованн* преступност*', 'картел*', 'мафи*', 'наркотрафик*', 'наркоторговл*'],
    ar: ['الجريمة المنظمة', 'كارتل*', 'مافيا', 'تهريب المخدرات', 'الاتجار بالمخدرات'],
    zh: ['有组织犯罪', '贩毒', '黑社会', '贩运毒品'],
  } },
  { topic: 'environmental_and_social', flag: 'Forced Labour', phrases: {
    en: ['forced labor', 'forced labour', 'child labor', 'child labour', 'modern slavery', 'human trafficking', 'debt bondage', 'unpaid wage*', 'held on board'],
    fr: ['travail force', 'travail des enfants', 'esclavage moderne', 'traite des etres humains', 'sans salaire', 'retenus a bord'],
    de: ['zwangsarbeit*', 'kinderarbeit*', 'moderne sklaverei', 'menschenhandel*', 'ausbleibend* lohn*', 'an bord festgehalten'],
    es: ['trabajo forzoso', 'trabajo infantil', 'esclavitud moderna', 'trata de personas', 'sin cobrar', 'palizas'],
    ru: ['принудительн* труд*', 'детск* труд*', 'торговл* людьми', 'современн* рабств*'],
    ar: ['العمل القسري', 'عمالة الاطفال', 'الاتجار بالبشر', 'العبودية الحديثة'],
    zh: ['强迫劳动', '强制劳动', '童工', '人口贩卖', '现代奴役'],
  } },
  { topic: 'environmental_and_social', flag: 'Environmental Concerns', phrases: {
    en: ['deforest*', 'pollut*', 'toxic waste', 'oil spill*', 'illegal logging', 'environmental damage', 'greenwashing', 'wildlife trafficking', 'toxic spill*', 'tailings dam*', 'rainforest'],
    fr: ['deforestation', 'pollution*', 'pollue*', 'dechets toxiques', 'maree noire', 'abattage illegal', 'ecoblanchiment'],
    de: ['abholzung*', 'entwaldung*', 'verschmutz*', 'umweltverschmutz*', 'giftmull*', 'olpest', 'illegale* abholzung', 'greenwashing', 'verseucht*', 'schwermetall*', 'fischsterben', 'regenwald*', 'gerodet', 'rodete'],
    es: ['deforestacion', 'contamina*', 'residuos toxicos', 'derrame de petroleo', 'tala ilegal', 'lavado verde', 'contamin*', 'metales pesados', 'selva', 'talo'],
    ru: ['вырубк* лес*', 'загрязнени*', 'токсичн* отход*', 'разлив* нефти', 'незаконн* рубк*'],
    ar: ['ازالة الغابات', 'تلوث', 'التلوث', 'نفايات سامة', 'تسرب نفطي', 'قطع الاشجار غير القانوني'],
    zh: ['毁林', '森林砍伐', '污染', '有毒废物', '漏油', '非法采伐'],
  } },
  { topic: 'environmental_and_social', flag: 'Human Rights Abuse', phrases: {
    en: ['human rights abuse*', 'human rights violation*', 'unsafe working conditions', 'worker deaths', 'land grab*'],
    fr: ['violation* des droits de l homme', 'atteinte* aux droits humains', 'conditions de travail dangereuses'],
    de: ['menschenrechtsverletz*', 'unsichere* arbeitsbeding*', 'landraub'],
    es: ['violacion* de derechos humanos', 'abusos de derechos humanos', 'condiciones laborales inseguras'],
    ru: ['нарушени* прав человека', 'опасн* услови* труда'],
    ar: ['انتهاكات حقوق الانسان', 'انتهاك حقوق الانسان', 'ظروف عمل غير امنة'],
    zh: ['侵犯人权', '人权侵犯', '危险工作条件'],
  } },
  { topic: 'cybersecurity', flag: 'Cyber Attack', phrases: {
    en: ['cyberattack*', 'cyber attack*', 'ransomware', 'data breach*', 'hacked', 'hackers', 'hacking', 'malware', 'phishing', 'breach exposing', 'customer records', 'intruders'],
    fr: ['cyberattaque*', 'rancongiciel*', 'ransomware', 'fuite de donnees', 'pirat*', 'logiciel malveillant', 'fuite massive', 'donnees clients'],
    de: ['cyberangriff*', 'hackerangriff*', 'ransomware', 'datenleck*', 'datenpanne*', 'schadsoftware'],
    es: ['ciberataque*', 'ransomware', 'filtracion de datos', 'hacke*', 'pirate* informatic*', 'malware'],
    ru: ['кибератак*', 'хакер*', 'утечк* данных', 'вымогател* по', 'вредоносн* программ*'],
    ar: ['هجوم الكتروني', 'هجمات الكترونية', 'اختراق', 'تسريب بيانات', 'برامج الفدية'],
    zh: ['网络攻击', '勒索软件', '数据泄露', '黑客', '恶意软件'],
  } },
  { topic: 'disruption', flag: 'Supply Disruption', phrases: {
    en: ['supply chain disruption*', 'factory fire*', 'plant closure*', 'production halt*', 'workers strike', 'product recall*', 'shortage*', 'port strike*', 'dockworkers', 'walked out', 'stranded', 'halting', 'flooding', 'drought', 'fuel supplies'],
    fr: ['perturbation* de la chaine d approvisionnement', 'incendie d usine', 'arret de production', 'greve*', 'rappel de produit*', 'penurie*', 'inondations', 'secheresse', 'impraticable'],
    de: ['lieferkettenstorung*', 'lieferengpass*', 'produktionsstopp*', 'fabrikbrand*', 'streik*', 'ruckruf*', 'hochwasser', 'niedrigwasser'],
    es: ['interrupcion* de la cadena de suministro', 'incendio en la fabrica', 'paro de produccion', 'huelga*', 'retirada de productos', 'escasez de suministro*', 'inundaciones', 'sequia', 'sin combustible'],
    ru: ['перебо* поставок', 'остановк* производств*', 'пожар на заводе', 'забастовк*', 'отзыв продукции'],
    ar: ['اضطراب سلاسل الامداد', 'توقف الانتاج', 'حريق في مصنع', 'اضراب*', 'سحب منتجات'],
    zh: ['供应链中断', '停产', '工厂火灾', '罢工', '召回', '短缺'],
  } },
  { topic: 'reputational', flag: 'Reputational Concerns', phrases: {
    en: ['scandal*', 'controvers*', 'boycott*', 'whistleblower*', 'accused of', 'allegations', 'leaked messages', 'criticised', 'criticized', 'discrimination', 'harassment'],
    fr: ['scandale*', 'controverse*', 'boycott*', 'lanceur* d alerte', 'accuse* de', 'allegations', 'tolle'],
    de: ['skandal*', '*skandal', 'kontrovers*', 'boykott*', 'whistleblower*', 'vorwurf*', 'vorgeworfen', 'emporung', 'diskriminierung*', 'schikane'],
    es: ['escandalo*', 'polemica*', 'boicot*', 'denunciante*', 'acusad* de', 'acusaciones', 'indignacion'],
    ru: ['скандал*', 'бойкот*', 'разоблачител*', 'обвиня*'],
    ar: ['فضيحة', 'فضائح', 'مقاطعة', 'مبلغ عن المخالفات', 'اتهامات', 'متهم* ب'],
    zh: ['丑闻', '争议', '抵制', '举报人', '被指控'],
  } },
  { topic: 'legal', flag: 'Litigation', phrases: {
    en: ['lawsuit*', 'sued', 'sues', 'class action', 'litigation', 'court ruled', 'injunction', 'patent dispute*', 'supreme court'],
    fr: ['proces', 'poursuite* judiciaire*', 'plainte*', 'action collective', 'litige*', 'tribunal a', 'injonction'],
    de: ['klage*', 'verklagt', 'sammelklage*', 'rechtsstreit*', 'gericht entschied', 'einstweilige verfugung', 'patentstreit*', 'bundesgerichtshof'],
    es: ['demanda judicial', 'demandad*', 'demanda colectiva', 'litigio*', 'tribunal fallo', 'acuerdo extrajudicial', 'tribunal supremo'],
    ru: ['иск', 'иска', 'иском', 'иски', 'судебн* разбирательств*', 'коллективн* иск*', 'суд постановил', 'мирово* соглашени*'],
    ar: ['دعوى*', 'دعاوى', 'مقاضاة', 'حكمت المحكمة'],
    zh: ['诉讼', '起诉', '集体诉讼', '法院裁定', '和解'],
  } },
  { topic: 'political', flag: 'Political Exposure', phrases: {
    en: ['politically exposed', 'oligarch*', 'coup', 'election fraud', 'geopolitical', 'minister*', 'governor*', 'conflict of interest', 'state contract*', 'former general'],
    fr: ['personne politiquement exposee', 'oligarque*', 'coup d etat', 'fraude electorale', 'geopolitique*', 'ministre*', 'marches publics', 'conflit d interets', 'ancien general'],
    de: ['politisch exponiert*', 'oligarch*', 'putsch*', 'wahlbetrug', 'geopolitisch*', 'minister*', 'ministerprasident*', 'interessenkonflikt*', 'staatsauftrag*', 'ehemalig* general'],
    es: ['persona politicamente expuesta', 'oligarca*', 'golpe de estado', 'fraude electoral', 'geopolitic*', 'ministro*', 'gobernador*', 'conflicto de intereses', 'contratos publicos', 'general retirado'],
    ru: ['олигарх*', 'переворот*', 'фальсификаци* выборов', 'геополитическ*'],
    ar: ['اوليغارش*', 'انقلاب', 'تزوير الانتخابات', 'جيوسياسي*'],
    zh: ['寡头', '政变', '选举舞弊', '地缘政治'],
  } },
  { topic: 'terrorism', flag: 'Terrorism', phrases: {
    en: ['terror*', 'extremis*', 'militant group*', 'terrorist financing', 'financing of terrorism', 'insurgen*', 'bomb plot*'],
    fr: ['terroris*', 'extremis*', 'financement du terrorisme', 'groupe arme', 'djihadiste*', 'attentat*'],
    de: ['terror*', '*terror*', 'extremis*', 'terrorfinanzierung', 'dschihadist*', 'miliz*', 'anschlag*'],
    es: ['terroris*', 'extremis*', 'financiacion del terrorismo', 'grupo armado', 'yihadista*', 'atentado*', 'combatientes'],
    ru: ['террор*', 'экстремист*', 'финансировани* терроризма', 'боевик*'],
    ar: ['ارهاب*', 'الارهاب', 'ارهابي*', 'متطرف*', 'تمويل الارهاب', 'جماعة مسلحة'],
    zh: ['恐怖', '极端主义', '恐怖融资', '武装组织', '恐怖分子'],
  } },
];
