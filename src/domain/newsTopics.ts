/**
 * The adverse-media topic taxonomy: the published client's eleven topics, each with the risk
 * flags that set it and the phrases that set each flag, in English, French, German, Spanish,
 * Russian, Arabic and Chinese. Kept as data so an analyst can read and extend it.
 *
 * A phrase is words separated by spaces, matched in order with up to 3 words between them after
 * both are folded (lower case, accents and Arabic diacritics removed), each word on its stem when
 * the phrase is in the article's language (src/services/news/topics.ts). A `*` at the end of a word
 * matches any ending (sanction* -> sanctions, sanctioned), at its start any beginning (*geldwäsche
 * -> Steuergeldwäsche, *عقوبات -> بالعقوبات). A leading `~` marks a phrase ambiguous alone ("fine"):
 * it needs a second cue of its topic; a leading `?` marks a generic one ("arrested"): it counts only
 * when nothing more specific is found. Chinese phrases are matched as text (no spaces in Chinese).
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
    en: ['sanctions list', 'sanctions on', 'sanctions against', 'impose sanctions', 'under sanctions', 'sanctioned entit*', 'sanctioned compan*', 'sanctioned individual*', 'sanctioned by', 'breach* sanctions', 'violat* sanctions', 'sanctions violation*', 'sanctions breach*', 'ofac', 'specially designated', 'treasury blacklist*', 'asset* frozen', 'freeze order', '~sanction*', '~regime', '~treasury', '~tanker*', '~shadow fleet', 'export* to iran', 'export* to russia', 'export* to north korea', '~oligarch*', 'blacklist*', 'asset freeze*', 'frozen asset*', 'trade embargo*', 'embargo*', 'sanctions evasion', 'evade* sanction*', 'blocking list', 'freezes assets', 'freeze* asset*', 'blacklisted', 'travel ban', 'restrictive measures', 'sanctions regime', 'sanctions-hit', 'price cap', 'circumvent*', 'evade*', 'evasion', 'embargoed'],
    fr: ['liste des sanctions', 'sanctions contre', 'sanctions visant', 'sanctions americaines', 'sanctions europeennes', 'contournement des sanctions', 'contourner les sanctions', 'violation des sanctions', 'sous sanctions', 'gel des avoirs', 'gele les avoirs', 'avoirs geles', '~regime', '~petrolier*', '~tresor', '~sanction*', 'avoirs gel*', 'embargo*', 'liste noire', 'mesures restrictives', 'plafond de prix', 'contournement', 'contourne*'],
    de: ['sanktionsliste', 'sanktionen gegen', 'sanktionen verhangt', 'sanktionsverstoss*', 'umgehung der sanktionen', 'sanktionen umgangen', 'vermogen eingefroren', 'vermogenswerte eingefroren', 'eingefroren', '~regime', '~tanker', '~finanzministerium', 'sanktion*', '*sanktion*', 'embargo*', 'eingefrorene* vermogen*', 'schwarze* liste*', 'sperrliste*', 'friert vermogen', 'restriktive* massnahmen', 'preisdeckel', 'umgehung', 'umgangen', 'umgeh*'],
    es: ['lista de sanciones', 'sanciones contra', 'sanciones a', 'eludir las sanciones', 'evasion de sanciones', 'violacion de las sanciones', 'congela los bienes', 'congelacion de bienes', 'bienes congelados', 'activos congelados', '~regimen', '~petrolero*', '~tesoro', '~sancion*', 'embargo*', 'congelacion de activos', 'lista negra', 'lista de bloqueo', 'medidas restrictivas', 'tope de precio', 'eludir', 'eludi*', 'burlar'],
    ru: ['санкци*', '*санкци*', 'эмбарго', 'заморозк* актив*', 'черн* список*'],
    ar: ['*عقوب*', 'حظر تجاري', 'تجميد الاصول', 'تجميد اصول', 'القائمة السوداء'],
    zh: ['制裁', '禁运', '冻结资产', '资产冻结', '黑名单'],
  } },
  { topic: 'sanctions_and_regulatory', flag: 'Export Control', phrases: {
    en: ['export licen*', 'without a licence', 'without a license', 'dual-use', 'dual use', 'controlled technolog*', 'controlled good*', 'military end user*', 'military end use', 'arms embargo', 'weapons component*', 'diverted to', 'transshipment', 'illegal export*', 'unlicensed export*', '~military', '~licence', '~license', '~restricted', 'export control*', 'export ban*', 'entity list', 'dual use good*', 'restricted electronics', 'military buyer*'],
    fr: ['licence d exportation', 'sans licence', 'biens a double usage', 'technologie* sensible*', 'exportation* illegale*', 'embargo sur les armes', '~militaire*', '~licence', '~composant*', 'controle* des exportations', 'interdiction d exporter', 'double usage', 'soumis a licence', 'client militaire'],
    de: ['ohne genehmigung', 'exportgenehmigung', 'dual-use-gut*', 'ruestungsguter', 'waffenembargo', 'illegal* export*', 'illegal* ausfuhr*', '~militar*', '~genehmigung', '~elektronik', 'exportkontroll*', 'ausfuhrkontroll*', 'exportverbot*', 'dual-use', 'genehmigungspflichtig*', 'ausfuhrgenehmigung*', 'militarkund*'],
    es: ['licencia de exportacion', 'sin licencia', 'material de doble uso', 'tecnologia* sensible*', 'exportacion* ilegal*', 'embargo de armas', '~militar*', '~licencia', '~componentes', 'control* de exportacion*', 'prohibicion de exportar', 'doble uso', 'requieren licencia', 'cliente militar'],
    ru: ['экспортн* контрол*', 'запрет на экспорт', 'двойного назначения'],
    ar: ['ضوابط التصدير', 'حظر التصدير', 'مزدوج* الاستخدام'],
    zh: ['出口管制', '实体清单', '出口禁令', '军民两用'],
  } },
  { topic: 'sanctions_and_regulatory', flag: 'Regulatory Action', phrases: {
    en: ['~fine*', '~penalt*', 'regulator* fine*', 'fined by', 'fined for', 'was fined', 'record fine', 'civil penalty', 'regulatory probe', 'regulatory investigation', '~watchdog', 'license suspended', 'licence suspended', '~banned from', 'cease and desist', '~regulator*', '~authority', '~commission', '~breach*', '~compliance failure*', 'anti-money laundering failures', 'aml failure*', 'misled investors', 'market manipulation', '~settle*', 'regulatory action', 'license revoked', 'licence revoked', 'enforcement action', 'consent order', 'fca', 'finra', 'ofcom', 'antitrust', 'competition authority', 'price-fixing', 'price fixing', '~central bank', '~supervisory', '~probe'],
    fr: ['condamne* a une amende', 'amende de', 'lourde amende', '~amende*', '~sanction* financiere*', 'gendarme de la bourse', 'autorite de controle', 'autorite des marches', 'retrait de licence', '~manquement*', '~regulateur*', '~autorite', 'amende* de l autorite', 'licence retiree', 'autorite de regulation', 'autorite de la concurrence', 'cnil', 'amf', 'acpr', 'entente*', 'sanctionne par', 'mise en demeure', '~gendarme'],
    de: ['~strafe', 'geldbusse*', 'bussgeld*', 'strafzahlung*', 'bafin', 'finanzaufsicht', 'kartellamt', 'kartellstrafe*', 'lizenz entzogen', '~verstoss* gegen', '~behorde*', 'aufsichtsbehord*', 'geldstrafe*', 'bundeskartellamt', 'preisabsprache*', 'bussgeldbescheid', 'aufsichtsrechtlich*', '~behorde'],
    es: ['~multa*', 'multad*', 'sancion* economica*', 'multa millonaria', 'cnmv', '~regulador*', '~supervisor*', 'expediente sancionador', 'retirada de la licencia', '~incumplimiento*', 'multa* del regulador', 'multad* por', 'licencia revocada', 'regulador* sancion*', 'cnmc', 'banco de espana', 'multa de', 'sancionada con', '~expediente', 'pacto de precios', '~competencia'],
    ru: ['штраф*', 'отзыв* лиценз*', 'регулятор*'],
    ar: ['غرام*', 'سحب الترخيص', 'الجهة الرقابية'],
    zh: ['罚款', '吊销执照', '监管处罚', '被罚'],
  } },
  { topic: 'financial', flag: 'Money Laundering', phrases: {
    en: ['money laundering', 'launder*', 'laundered', 'laundering', 'shell compan*', 'front compan*', 'dirty money', 'illicit fund*', 'illicit proceeds', 'proceeds of crime', 'drug money', 'suspicious transaction*', 'structuring', 'smurfing', '~cash couriers', 'aml breach*', 'money mule*', 'launder* money', 'laundering scheme*'],
    fr: ['blanchiment', 'blanchir', 'blanchi', 'blanchis', 'blanchie', 'argent sale', 'fonds illicites', 'argent de la drogue', 'produit du crime', 'societe* ecran*', 'transactions suspectes', 'blanchiment*', 'blanchi* d argent'],
    de: ['geldwasche*', '*geldwasche*', 'gewaschen', 'waschen', 'drogengeld*', 'schwarzgeld*', 'illegale* gelder', 'scheinfirm*', 'briefkastenfirm*', 'verdachtige* transaktion*'],
    es: ['blanqueo', 'blanquear', 'blanqueado', 'lavado de dinero', 'lavado de activos', 'lavar dinero', 'lavado', 'dinero negro', 'dinero sucio', 'dinero del narcotrafico', 'empresa* pantalla', 'sociedad* pantalla', 'testaferro*', 'operaciones sospechosas', 'blanqueo de capitales', 'blanqueo*', 'empresa* fantasma', 'lavad* dinero'],
    ru: ['отмывани*', 'отмыв* денег', 'подставн* компани*'],
    ar: ['غسل الاموال', 'غسيل الاموال', 'شرك* وهمي*'],
    zh: ['洗钱', '空壳公司'],
  } },
  { topic: 'financial', flag: 'Financial Fraud', phrases: {
    en: ['fraud', 'fraudulent', 'fraudster*', 'defraud*', 'scam*', 'swindl*', 'ponzi', 'pyramid scheme', 'embezzl*', 'misappropriat*', '~siphon*', 'falsified account*', 'cooked the books', 'accounting irregularit*', 'false accounting', 'inflated revenue*', 'insider trading', 'tax evasion', 'tax fraud', 'evaded tax*', '~forged', 'forgery', '~counterfeit*', 'misleading investors', 'investment scam*', 'wire fraud', 'securities fraud', 'fraud*', 'accounting scandal*'],
    fr: ['fraude', 'frauduleu*', 'escroc*', 'escroquerie*', 'arnaque*', 'detourn* de fonds', 'detournement*', 'abus de biens sociaux', 'faux en ecriture*', 'comptes falsifies', 'pyramide de ponzi', 'systeme de ponzi', 'delit d initie', 'evasion fiscale', 'fraude fiscale', 'contrefacon*', 'fraude*', 'detournement* de fonds'],
    de: ['betrug*', '*betrug', 'betrogen', 'betruger*', 'schneeballsystem*', 'veruntreu*', 'unterschlag*', 'bilanzfalschung*', 'bilanzmanipulation*', 'gefalscht*', 'falschung*', 'insiderhandel*', 'steuerhinterzieh*', 'steuerbetrug', 'untreue'],
    es: ['fraude', 'fraudulent*', 'estafa*', 'estafador*', 'timo*', 'esquema ponzi', 'esquema piramidal', 'malversacion', 'desvio de fondos', 'desvi* fondos', 'apropiacion indebida', 'falsedad contable', 'contabilidad falsa', 'cuentas falseadas', 'evasion fiscal', 'fraude fiscal', 'falsificacion*', 'uso de informacion privilegiada', 'fraude*', 'malversacion*'],
    ru: ['мошенничеств*', 'растрат*', 'хищени*', 'уклонени* от уплаты налогов', 'инсайдерск* торговл*'],
    ar: ['احتيال*', '*احتيال', 'اختلاس*', 'التهرب الضريبي', 'تهرب ضريبي'],
    zh: ['欺诈', '诈骗', '挪用公款', '贪污', '逃税', '内幕交易'],
  } },
  { topic: 'financial', flag: 'Insolvency', phrases: {
    en: ['bankrupt*', 'insolven*', 'chapter 11', 'chapter 7', 'files for bankruptcy', 'filed for bankruptcy', '~administration', 'administrators appointed', 'receivership', '~liquidat*', 'wound up', 'winding up', '~collapse*', 'default* on', 'missed payment*', 'debt restructuring', '~creditor*', 'unpaid debts', '~debt*', 'liquidation', 'went into administration'],
    fr: ['faillite*', 'insolvab*', 'cessation de paiements', 'redressement judiciaire', 'liquidation', 'procedure de sauvegarde', 'depot de bilan', 'depose le bilan', 'creancier*', 'defaut de paiement', 'insolvabilite', 'liquidation judiciaire', 'creanciers'],
    de: ['insolvenz*', '*insolvenz*', 'insolvent*', 'konkurs*', 'pleite*', 'zahlungsunfahig*', 'zahlungsausfall*', 'glaubiger*', 'abwicklung', 'zerschlag*', 'schutzschirmverfahren', 'glaubiger'],
    es: ['quiebra*', 'insolven*', 'concurso de acreedores', 'preconcurso', 'acreedor*', 'bancarrota*', 'suspension de pagos', 'liquidacion', 'impago*', 'cesacion de pagos', 'insolvencia*'],
    ru: ['банкротств*', 'банкрот*', 'несостоятельн*', 'ликвидаци*'],
    ar: ['افلاس*', 'الافلاس', 'اعسار*', 'تصفية'],
    zh: ['破产', '资不抵债', '清算', '违约'],
  } },
  { topic: 'criminal', flag: 'Corruption', phrases: {
    en: ['brib*', 'corrupt*', 'kickback*', 'payoff*', 'pay-off*', 'graft', 'backhander*', 'bid rigging', 'bid-rigging', 'rigged tender*', 'rigged contract*', 'envelopes of cash', 'cash for contracts', 'influence peddling', 'embezzl* public funds', 'abuse of office', '~public contracts', '~inducements'],
    fr: ['corruption*', 'corrompu*', 'corrupteur*', 'pot*-de-vin', 'pot* de vin', 'dessous-de-table', 'commission* occulte*', 'marches truques', 'trafic d influence', 'favoritisme', 'prise illegale d interets', 'enveloppes'],
    de: ['korruption*', '*korruption*', 'korrupt', 'bestech*', 'bestoch*', 'schmiergeld*', 'geschmiert', 'vorteilsannahme', 'vorteilsgewahrung', 'vetternwirtschaft', 'absprachen bei ausschreibungen', 'manipulierte* ausschreibung*'],
    es: ['corrupcion*', 'corrupt*', 'soborn*', 'coima*', 'cohecho*', 'mordida*', 'comisiones ilegales', 'comisiones ocultas', 'trafico de influencias', 'prevaricacion', 'licitacion amanada', 'obra publica amanada', 'sobres con dinero', 'mordidas'],
    ru: ['коррупци*', 'взятк*', 'взяточничеств*', 'откат*'],
    ar: ['فساد', 'الفساد', 'رشوة', 'رشاوى', 'الرشوة'],
    zh: ['腐败', '贿赂', '受贿', '行贿', '回扣'],
  } },
  { topic: 'criminal', flag: 'Law Enforcement', phrases: {
    en: ['?arrest*', '?indict*', '?charged with', '?convicted', '?raided', '?police raid*', '?police investigat*', '?prosecutor*', '?sentenced to', '?jailed', '?detained', '?custody', '?criminal investigation', '?criminal probe', '?guilty', '?seized', '?smuggl*', '?trafficking', '?investigators', '?fbi', '?europol', '?interpol'],
    fr: ['?arrete*', '?interpelle*', '?inculpe*', '?mis en examen', '?condamne*', '?perquisition*', '?procureur*', '?parquet', '?garde a vue', '?enquete judiciaire', '?ecroue*', '?contrebande', '?saisi*'],
    de: ['?festgenommen', '?verhaftet', '?angeklagt', '?anklage', '?verurteilt', '?razzia*', '?durchsuch*', '?staatsanwalt*', '?ermittlung*', '?ermittler', '?haftbefehl', '?untersuchungshaft', '?schmuggel*', '?beschlagnahm*'],
    es: ['?detenid*', '?arrestad*', '?imputad*', '?imputan', '?condenad*', '?allanamiento*', '?registran', '?la fiscalia', '?fiscalia', '?investigacion judicial', '?prision', '?contrabando*', '?incautad*', '?guardia civil'],
    ru: ['арестова*', 'задержа*', 'обвинени*', 'осужд*', 'обыск*', 'прокурор*', 'контрабанд*'],
    ar: ['اعتقال*', 'القبض على', 'اتهام*', 'ادانة', 'مداهمة', 'النيابة', 'تهريب*'],
    zh: ['逮捕', '被捕', '起诉', '定罪', '判处', '突击搜查', '走私'],
  } },
  { topic: 'criminal', flag: 'Organised Crime', phrases: {
    en: ['organized crime', 'organised crime', 'crime syndicate*', '~gang*', 'cartel*', 'mafia', '~mob', 'drug trafficking', 'drug traffickers', 'drug smuggling', 'narcotics', '~cocaine', '~heroin', 'racketeering', '~extortion'],
    fr: ['crime organise', 'criminalite organisee', 'bande organisee', 'gang*', 'cartel*', 'mafia', 'trafic de drogue', 'trafiquants', 'stupefiants', 'cocaine', 'racket', 'extorsion'],
    de: ['organisierte* kriminalitat', 'bande*', 'kartell*', 'mafia', 'clan', 'drogenhandel*', 'drogenschmuggel', 'rauschgift*', 'kokain', 'schutzgeld*', 'erpress*'],
    es: ['crimen organizado', 'delincuencia organizada', 'banda criminal', 'cartel*', 'mafia', 'narcotrafico', 'narcotraficante*', 'trafico de drogas', 'cocaina', 'extorsion'],
    ru: ['организованн* преступност*', 'картел*', 'мафи*', 'наркотрафик*', 'наркоторговл*'],
    ar: ['الجريمة المنظمة', 'كارتل*', 'مافيا', 'تهريب المخدرات', 'الاتجار بالمخدرات'],
    zh: ['有组织犯罪', '贩毒', '黑社会', '贩运毒品'],
  } },
  { topic: 'environmental_and_social', flag: 'Forced Labour', phrases: {
    en: ['forced labor', 'forced labour', 'child labor', 'child labour', 'modern slavery', 'slave labour', 'slavery', 'human trafficking', 'debt bondage', 'bonded labour', 'unpaid wage*', 'withheld wages', 'wage theft', 'confiscated passport*', 'held on board', 'trafficked workers', 'beatings', 'recruitment fees', 'confiscated', 'locked in', 'exploited workers', 'labour abuses', 'labor abuses', 'labour rights', 'labor rights', 'child workers', 'uyghur', 'xinjiang', '~migrant workers', '~overtime', '~dormitor*'],
    fr: ['travail force', 'travail des enfants', 'esclavage*', 'traite des etres humains', 'servitude', 'sans salaire', 'salaires impayes', 'passeports confisques', 'retenus a bord', 'coups', 'esclavage moderne', 'frais de recrutement', 'confisque*', 'travailleurs exploites', 'droits des travailleurs', 'enfants travailleurs', 'ouighour*', '~travailleurs migrants', '~heures supplementaires'],
    de: ['zwangsarbeit*', 'kinderarbeit*', 'sklaverei', 'menschenhandel*', 'schuldknechtschaft', 'ausbleibend* lohn*', 'lohne nicht gezahlt', 'passe abgenommen', 'an bord festgehalten', 'schlag*', 'misshandl*', 'ausbeutung', 'moderne sklaverei', 'vermittlungsgebuhr*', 'eingesperrt', 'ausgebeutet*', 'arbeitsrecht*', 'uiguren', '~wanderarbeiter', '~uberstunden'],
    es: ['trabajo forzoso', 'trabajo infantil', 'esclavitud', 'trata de personas', 'trata de seres humanos', 'servidumbre', 'sin cobrar', 'salarios impagados', 'pasaportes retenidos', 'palizas', 'explotacion laboral', 'esclavitud moderna', 'tasas de contratacion', 'encerrad*', 'trabajadores explotados', 'derechos laborales', 'ninos trabajadores', 'uigur*', '~trabajadores migrantes', '~horas extra'],
    ru: ['принудительн* труд*', 'детск* труд*', 'торговл* людьми', 'современн* рабств*'],
    ar: ['العمل القسري', 'عمالة الاطفال', 'الاتجار بالبشر', 'العبودية الحديثة'],
    zh: ['强迫劳动', '强制劳动', '童工', '人口贩卖', '现代奴役'],
  } },
  { topic: 'environmental_and_social', flag: 'Environmental Concerns', phrases: {
    en: ['deforest*', 'pollut*', 'contaminat*', 'toxic', 'poison*', 'oil spill*', 'chemical spill*', 'spill*', 'leak* into', 'illegal logging', 'illegal mining', 'environmental damage', 'environmental crime*', 'greenwashing', 'wildlife trafficking', 'tailings', 'dead fish', 'fish died', 'emissions cheating', 'protected forest', 'protected area*', 'rainforest', 'clearing', 'cleared forest', '~river', '~waste', '~dumped', 'dumping', 'toxic waste', 'toxic spill*', 'tailings dam*', 'emissions', 'methane leak*', 'poisoned', 'contaminated water', 'illegal dumping', 'waste dumping', 'destroyed habitat', 'endangered species', 'protected species', 'mangrove*', 'wetland*', 'smog', 'pesticide*', 'plastic pollution', 'ecological disaster', 'environmental disaster', 'oil leak*', 'gas leak*', 'sewage', 'coral reef*', 'biodiversity', 'illegal fishing', 'overfishing', 'poaching', 'ivory'],
    fr: ['deforestation', 'pollution*', 'pollue*', 'contamin*', 'toxique*', 'maree noire', 'deversement*', 'rejets', 'abattage illegal', 'orpaillage illegal', 'atteinte a l environnement', 'dommages environnementaux', 'ecoblanchiment', 'metaux lourds', 'poissons morts', 'foret protegee', 'reserve protegee', 'zone protegee', 'coupes', 'dechets toxiques', 'emissions', 'fuite de methane', 'eau contaminee', 'decharge sauvage', 'deversement illegal', 'especes protegees', 'especes menacees', 'mangrove*', 'zones humides', 'pesticide*', 'catastrophe ecologique', 'eaux usees', 'peche illegale', 'surpeche', 'braconnage'],
    de: ['abholzung*', 'entwaldung*', 'verschmutz*', 'umweltverschmutz*', 'verseucht*', 'vergift*', 'giftig*', 'giftmull*', 'olpest', 'umweltschad*', 'umweltskandal*', 'illegale* abholzung', 'greenwashing', 'schwermetall*', 'fischsterben', 'regenwald*', 'gerodet', 'rodete', 'rodung*', 'schutzgebiet*', 'abgas*', 'emission*', 'methanleck*', 'verunreinigt*', 'illegale* entsorgung', 'abfall* entsorgt', 'geschutzte* art*', 'bedrohte* art*', 'mangroven', 'feuchtgebiet*', 'pestizid*', 'umweltkatastrophe', 'abwasser', 'illegale* fischerei', 'uberfischung', 'wilderei'],
    es: ['deforestacion', 'contamin*', 'toxic*', 'vertido*', 'derrame*', 'residuos toxicos', 'tala ilegal', 'mineria ilegal', 'dano* ambiental*', 'delito ambiental', 'lavado verde', 'metales pesados', 'peces muertos', 'selva', 'talo', 'taló', 'parque nacional', 'zona protegida', 'arrasad*', 'contamina*', 'derrame de petroleo', 'emisiones', 'fuga de metano', 'agua contaminada', 'vertedero ilegal', 'especies protegidas', 'especies amenazadas', 'manglar*', 'humedal*', 'pesticida*', 'desastre ecologico', 'catastrofe ambiental', 'aguas residuales', 'pesca ilegal', 'sobrepesca', 'caza furtiva'],
    ru: ['вырубк* лес*', 'загрязнени*', 'токсичн* отход*', 'разлив* нефти', 'незаконн* рубк*'],
    ar: ['ازالة الغابات', 'تلوث', 'التلوث', 'نفايات سامة', 'تسرب نفطي', 'قطع الاشجار غير القانوني'],
    zh: ['毁林', '森林砍伐', '污染', '有毒废物', '漏油', '非法采伐'],
  } },
  { topic: 'environmental_and_social', flag: 'Human Rights Abuse', phrases: {
    en: ['human rights abuse*', 'human rights violation*', 'rights abuses', 'unsafe working conditions', 'worker deaths', 'workers died', 'land grab*', 'forced evictions', 'evicted villagers', 'indigenous communities', 'abuse* of workers', 'mistreat*', '~exploitation', 'sweatshop*', 'workers killed', 'fatal accident*', 'safety violations', 'security forces', 'displaced', '~deaths', '~died', '~deadly', '~injured'],
    fr: ['violation* des droits de l homme', 'droits humains', 'conditions de travail dangereuses', 'expulsions forcees', 'accaparement des terres', 'maltraitance*', 'communautes autochtones', 'atteinte* aux droits humains', 'ouvriers tues', 'accident mortel', 'normes de securite', 'forces de securite', 'deplaces', '~morts', '~blesses'],
    de: ['menschenrechtsverletz*', 'menschenrechte', 'unsichere* arbeitsbeding*', 'landraub', 'vertreibung*', 'zwangsraumung*', '~ausbeut*', 'indigene*', 'arbeiter getotet', 'todliche* unfall*', 'sicherheitsmangel', 'sicherheitskrafte', 'vertrieben*', '~tote', '~verletzte'],
    es: ['violacion* de derechos humanos', 'abusos de derechos humanos', 'derechos humanos', 'condiciones laborales inseguras', 'desalojos forzosos', 'acaparamiento de tierras', 'maltrato*', '~explotacion', 'comunidades indigenas', 'trabajadores muertos', 'accidente mortal', 'fuerzas de seguridad', 'desplazad*', '~muertos', '~heridos'],
    ru: ['нарушени* прав человека', 'опасн* услови* труда'],
    ar: ['انتهاكات حقوق الانسان', 'انتهاك حقوق الانسان', 'ظروف عمل غير امنة'],
    zh: ['侵犯人权', '人权侵犯', '危险工作条件'],
  } },
  { topic: 'cybersecurity', flag: 'Cyber Attack', phrases: {
    en: ['cyberattack*', 'cyber attack*', 'cyber-attack*', 'cyber incident', 'ransomware', 'data breach*', 'data leak*', 'breach exposing', 'hacked', 'hacker*', 'hacking', 'malware', 'phishing', 'spyware', 'ddos', 'denial of service', 'stolen data', 'stole data', 'data was stolen', 'stolen database', 'customer data', 'customer records', 'personal data', 'exposed records', 'compromised', 'intruders', 'unauthorised access', 'unauthorized access', 'dark web', 'darknet', 'criminal forum', '~attack*', '~breach*', '~leak*', 'hackers', 'cybercriminal*', 'cyber criminals', 'it systems', 'encrypted files', 'ransom demand', 'ransom', 'credentials', 'passwords', 'account takeover', 'data exposed', 'leaked data', 'security incident', 'vulnerabilit*', 'zero-day', 'botnet', '~systems', '~outage'],
    fr: ['cyberattaque*', 'cyber-attaque*', 'rancongiciel*', 'ransomware', 'fuite de donnees', 'fuite* massive*', 'vol de donnees', 'donnees volees', 'donnees clients', 'donnees personnelles', 'pirat*', 'hacker*', 'logiciel malveillant', 'hameconnage', 'intrusion', 'acces non autorise', '~attaque*', 'fuite massive', 'cybercriminel*', 'rancon', 'systemes informatiques', 'donnees derobees', 'derobe*', 'faille de securite', 'vulnerabilite*', 'incident de securite', 'intrusion informatique', 'mots de passe'],
    de: ['cyberangriff*', 'cyberattacke*', 'hackerangriff*', 'hacker', 'gehackt', 'ransomware', 'erpressungssoftware', 'datenleck*', 'datenpanne*', 'datendiebstahl', 'kundendaten', 'daten erbeutet', 'erbeuten', 'schadsoftware', 'phishing', 'darknet', 'unbefugt*', '~angriff*', 'cyberkriminell*', 'losegeld', 'it-systeme', 'verschlusselt', 'sicherheitslucke*', 'sicherheitsvorfall', 'angreifer', 'zugangsdaten', 'passworter'],
    es: ['ciberataque*', 'ciberdelincuente*', 'ransomware', 'secuestro de datos', 'filtracion de datos', 'filtracion', 'robo de datos', 'datos robados', 'base de datos', 'datos de clientes', 'datos personales', 'hacke*', 'hacker*', 'piratas informaticos', 'pirate* informatic*', 'malware', 'phishing', 'intrusos', 'acceso no autorizado', 'foro clandestino', '~ataque*', 'ciberdelincuente*', 'rescate', 'sistemas informaticos', 'cifrad*', 'vulnerabilidad*', 'brecha de seguridad', 'incidente de seguridad', 'atacantes', 'contrasenas', 'credenciales'],
    ru: ['кибератак*', 'хакер*', 'утечк* данных', 'вымогател* по', 'вредоносн* программ*'],
    ar: ['هجوم الكتروني', 'هجمات الكترونية', 'اختراق', 'تسريب بيانات', 'برامج الفدية'],
    zh: ['网络攻击', '勒索软件', '数据泄露', '黑客', '恶意软件'],
  } },
  { topic: 'disruption', flag: 'Supply Disruption', phrases: {
    en: ['supply chain disruption*', 'supply disruption*', '~disrupt*', 'factory fire*', 'plant fire', '~explosion at', 'plant closure*', 'production halt*', 'halted production', 'halts production', 'production stopped', '~shut down', '~shuts', '~shutdown', '~outage*', 'workers strike', '~strike*', 'walkout', 'walked out', 'product recall*', '~recall*', 'shortage*', 'port strike*', 'port closure', 'stranded', '~backlog', '~congestion', '~blockade', '~flood*', 'drought', '~hurricane', '~earthquake', '~suspended', 'supply cut*', 'cuts fuel supplies', 'dockworkers', 'fuel supplies'],
    fr: ['~perturbation*', 'rupture* d approvisionnement', 'incendie d usine', '~explosion', 'arret de production', 'production arretee', 'greve*', 'grevistes', 'rappel de produit*', '~rappel*', 'penurie*', '~inondation*', '~secheresse', 'impraticable', '~bloque*', '~interrompu*', '~paralyse*', '~fermeture', 'perturbation* de la chaine d approvisionnement', 'inondations'],
    de: ['lieferkettenstorung*', 'lieferengpass*', 'lieferstopp*', 'produktionsstopp*', 'produktion gestoppt', '~stillstand', '~steht still', 'legt still', 'stillgelegt', 'fabrikbrand*', '~explosion', 'streik*', 'rückruf*', 'ruckruf*', '~mangel', '~knappheit', 'hochwasser', 'uberschwemmung*', 'niedrigwasser', 'durre', '~ausfall', '~ausfalle', '~blockiert', '~ruhen'],
    es: ['~interrupcion*', '~interrumpid*', 'incendio en la fabrica', '~explosion', 'paro de produccion', 'produccion paralizada', '~paraliza*', 'huelga*', 'huelguistas', 'retirada de productos', 'retira* del mercado', '~escasez', 'desabastecimiento', '~inundacion*', '~sequia', 'sin combustible', '~bloquead*', '~detenida', '~suspendid*', '~cierre', 'interrupcion* de la cadena de suministro', 'escasez de suministro*', 'inundaciones'],
    ru: ['перебо* поставок', 'остановк* производств*', 'пожар на заводе', 'забастовк*', 'отзыв продукции'],
    ar: ['اضطراب سلاسل الامداد', 'توقف الانتاج', 'حريق في مصنع', 'اضراب*', 'سحب منتجات'],
    zh: ['供应链中断', '停产', '工厂火灾', '罢工', '召回', '短缺'],
  } },
  { topic: 'reputational', flag: 'Reputational Concerns', phrases: {
    en: ['scandal*', 'controvers*', 'boycott*', 'backlash', 'outrage', 'uproar', 'whistleblower*', '?accused of', '?allegations', '?alleged', 'leaked messages', 'leaked emails', '?criticised', '?criticized', 'discrimination', 'discriminat*', 'harassment', 'bullying', 'racist', 'sexist', 'misconduct', 'misleading', 'deceptive', 'greenwashing claims', 'public anger', 'calls to resign', 'public outcry', 'outcry', '~criticism', 'under fire', 'faces criticism', '~protests', '~petition', 'viral video', 'apologis*', 'apologiz*', 'false advertising', 'misleading advertising', 'misleading labels', 'toxic workplace', 'sexual harassment', 'racism', 'reputational damage', 'consumer anger', 'shareholder revolt', 'unethical', 'cover-up', 'mocking', 'offensive', '~critics', '~anger', '~complaints'],
    fr: ['scandale*', 'controverse*', 'polemique*', 'boycott*', 'tolle', 'indignation', 'colere', 'lanceur* d alerte', '?accuse* de', '?allegations', 'discrimination*', 'harcelement', 'trompeu*', 'tromperie', 'racis*', 'sexis*', '~critiques', '~critique', 'bad buzz', 'excuses', 's excuse', 'leve* de boucliers', 'choque*', 'pratiques commerciales trompeuses', 'publicite mensongere', 'climat toxique', 'moqu*', '~colere', '~plaintes'],
    de: ['skandal*', '*skandal', 'kontrovers*', 'boykott*', '*boykott*', 'emporung', 'entrustung', 'shitstorm', 'whistleblower*', '?vorwurf*', '?vorwurfe*', '?vorgeworfen', 'diskriminierung*', '*diskriminierung*', 'schikane', 'mobbing', 'belastigung', 'irrefuhrend*', 'rassis*', 'sexis*', '~kritik', 'in der kritik', 'in die kritik', 'entschuldig*', '~proteste', '~protest*', 'empor*', 'fehlverhalten', 'irrefuhrende werbung', 'rassismus', 'verspott*', '~arger', '~beschwerden'],
    es: ['escandalo*', 'polemica*', 'boicot*', 'indignacion', 'repulsa', 'denunciante*', '?acusad* de', '?acusaciones', 'discrimina*', 'acoso', 'enganos*', 'engano', 'racis*', 'sexis*', '~criticas', 'en el punto de mira', 'disculpas', '~protestas', 'publicidad enganosa', 'mala praxis', 'acoso laboral', 'racismo', 'burla*', '~quejas', '~enfado'],
    ru: ['скандал*', 'бойкот*', 'разоблачител*', 'обвиня*'],
    ar: ['فضيحة', 'فضائح', 'مقاطعة', 'مبلغ عن المخالفات', 'اتهامات', 'متهم* ب'],
    zh: ['丑闻', '争议', '抵制', '举报人', '被指控'],
  } },
  { topic: 'legal', flag: 'Litigation', phrases: {
    en: ['lawsuit*', 'sued', 'sues', 'suing', 'class action', 'class-action', 'litigation', 'legal action', 'court case', 'court ruled', 'ruling against', 'judge ruled', 'injunction', 'patent dispute*', 'patent infringement', 'infringement', 'damages claim', 'claim for damages', 'arbitration', 'supreme court', 'appeals court', 'court of appeal', 'high court', 'settle* the lawsuit', 'out-of-court settlement', '~court', '~ruling*', '~dispute*', '~appeal*', '~plaintiff*', 'legal battle', 'legal dispute', 'breach of contract', '~damages', 'compensation claim*', 'verdict', 'court ordered', 'court orders', 'judge ordered', 'claimants', 'plaintiffs', '~trial', 'countersue*', 'takes to court', 'taken to court', 'files suit', 'filed suit', 'antitrust lawsuit', '~judge', '~settlement', '~liable', '~liability'],
    fr: ['proces', 'poursuite* judiciaire*', 'poursuivi* en justice', 'assigne* en justice', 'plainte*', 'action collective', 'action de groupe', 'litige*', 'contentieux', 'tribunal a', 'injonction', 'cour de cassation', 'cour d appel', 'dommages et interets', 'arbitrage', 'brevet', '~tribunal', '~appel', '~recours', 'en justice', 'devant le tribunal', 'condamne a verser', '~dommages', 'rupture de contrat', 'plaignants', '~audience', 'verdict', 'jugement', 'assigne', 'porte plainte', '~brevet*', '~indemnis*'],
    de: ['klage*', 'verklagt', 'sammelklage*', 'rechtsstreit*', 'gerichtsverfahren', 'prozess', 'gericht entschied', 'einstweilige verfugung', 'patentstreit*', 'patentverletzung', 'schadensersatz*', 'schiedsverfahren', 'bundesgerichtshof', 'oberlandesgericht', 'landgericht', '~gericht', '~urteil*', 'vor gericht', 'verklagen', 'klagt', 'klagen', 'klager', 'schadenersatz', 'vertragsbruch', 'urteil', '~verhandlung', '~berufung', '~vergleich', '~patent*'],
    es: ['demanda', 'demandas', 'demanda judicial', 'demandad*', 'demanda colectiva', 'litigio*', 'pleito*', 'disputa judicial', 'tribunal fallo', 'acuerdo extrajudicial', 'tribunal supremo', 'audiencia nacional', 'indemnizacion*', 'arbitraje', 'patente', '~tribunal*', '~recurso*', '~sentencia', 'ante los tribunales', 'demandan', 'demandar', 'demandantes', 'juicio', 'sentencia', 'indemnizar', 'incumplimiento de contrato', 'fallo judicial', 'juzgado', '~patente*', '~apelacion'],
    ru: ['иск', 'иска', 'иском', 'иски', 'судебн* разбирательств*', 'коллективн* иск*', 'суд постановил', 'мирово* соглашени*'],
    ar: ['دعوى*', 'دعاوى', 'مقاضاة', 'حكمت المحكمة'],
    zh: ['诉讼', '起诉', '集体诉讼', '法院裁定', '和解'],
  } },
  { topic: 'political', flag: 'Political Exposure', phrases: {
    en: ['politically exposed', 'pep', 'oligarch*', 'coup', 'election fraud', 'vote rigging', 'geopolitical', 'conflict of interest', 'conflicts of interest', 'state contract*', 'government contract*', '~public contracts', 'cronyism', 'nepotism', 'former general', '~close to the government', 'ally of the president', '~minister*', '~governor*', '~senator*', '~mayor', '~president*', '~parliament*', '~lawmaker*', '~appointed', '~brother', '~son', '~daughter', '~wife', '~relative*', '~state-owned', '~ministry', 'revolving door', 'politician*', 'lobbying', 'lobbyist*', 'party donor*', 'party donation*', 'campaign donation*', 'campaign financ*', 'ruling party', 'head of state', 'former minister', 'ex-minister', 'son-in-law', '~senator', '~deputy', '~mp', '~councillor*', '~official*', '~cabinet', '~ambassador', '~relatives', '~family', '~cousin', '~nephew', '~prime minister', '~ruling', '~awarded', '~inquiry'],
    fr: ['personne politiquement exposee', 'oligarque*', 'coup d etat', 'fraude electorale', 'geopolitique*', 'conflit d interets', '~marches publics', 'commande publique', 'clientelisme', 'nepotisme', 'ancien general', '~proche du pouvoir', '~ministre*', '~ministere', '~depute*', '~senateur*', '~president*', '~frere', '~fils', '~nomination', '~entreprise publique', 'homme politique', 'responsable politique', 'elu*', 'parlementaire*', 'parti au pouvoir', 'financement politique', 'campagne electorale', 'lobbying', 'ancien ministre', '~maire', '~conseiller*', '~famille', '~cousin', '~neveu', '~attribue*', '~commission d enquete', '~opposition'],
    de: ['politisch exponiert*', 'oligarch*', 'putsch*', 'wahlbetrug', 'wahlfalschung', 'geopolitisch*', 'interessenkonflikt*', 'staatsauftrag*', '~offentliche* auftrag*', 'vetternwirtschaft', 'ehemalig* general', '~regierungsnah*', '~minister*', '~ministerprasident*', '~ministerium', '~abgeordnete*', '~bruder', '~sohn', '~staatlich*', 'politiker*', 'abgeordnet*', 'parteispende*', 'regierungspartei', 'lobbyist*', 'ex-minister', 'ehemalig* minister', '~burgermeister', '~berater', '~familie', '~neffe', '~staatskonzern', '~untersuchungsausschuss', '~opposition', '~aufsichtsrat'],
    es: ['persona politicamente expuesta', 'oligarca*', 'golpe de estado', 'fraude electoral', 'geopolitic*', 'conflicto de intereses', '~contratos publicos', 'contratos del estado', 'clientelismo', 'nepotismo', 'puertas giratorias', 'general retirado', '~cercano al gobierno', '~ministro*', '~ministerio', '~gobernador*', '~diputad*', '~hermano', '~hijo', '~estatal', 'politico*', 'diputado*', 'senador*', 'financiacion ilegal', 'partido gobernante', 'exministro*', 'cargo publico', '~alcalde', '~asesor', '~familiar*', '~sobrino', '~adjudic*', '~comision de investigacion', '~oposicion'],
    ru: ['олигарх*', 'переворот*', 'фальсификаци* выборов', 'геополитическ*'],
    ar: ['اوليغارش*', 'انقلاب', 'تزوير الانتخابات', 'جيوسياسي*'],
    zh: ['寡头', '政变', '选举舞弊', '地缘政治'],
  } },
  { topic: 'terrorism', flag: 'Terrorism', phrases: {
    en: ['terror*', 'extremis*', 'militant*', 'jihad*', 'isis', 'al-qaeda', 'al qaeda', 'terrorist financing', 'financing of terrorism', 'insurgen*', 'bomb plot*', 'bombing', 'suicide bomb*', 'explosives', 'radicalis*', 'radicaliz*', 'armed group*', '~fighters', '~recruits', '~conflict zone', '~attack*', '~plot*', '~foil*', 'militant group*', 'bomb*', 'explosive*', 'islamic state', 'al-shabaab', 'boko haram', 'taliban', 'hezbollah', 'hamas', 'gunmen', 'hostage*', 'terror cell', 'designated terrorist', '~recruit*', '~attacker*'],
    fr: ['terroris*', 'extremis*', 'djihad*', 'jihad*', 'islamiste*', 'financement du terrorisme', 'groupe arme', 'attentat*', 'explosifs', 'radicalis*', '~combattants', '~recrues', '~deject*', 'djihadiste*', 'bombe*', 'etat islamique', 'otage*', 'cellule terroriste', 'projet d attentat', 'apologie du terrorisme', '~recrut*'],
    de: ['terror*', '*terror*', 'extremis*', 'dschihad*', 'islamist*', 'terrorfinanzierung', 'anschlag*', '*anschlag*', 'sprengstoff*', 'radikalisier*', 'bewaffnete* gruppe*', '~kampfer', '~miliz*', '~vereitelt', 'dschihadist*', 'bombe*', 'islamischer staat', 'sprengsatz', 'geisel*', 'terrorzelle', 'gefahrder', 'terroristisch*', '~rekrut*'],
    es: ['terroris*', 'extremis*', 'yihad*', 'islamista*', 'financiacion del terrorismo', 'financiar a combatientes', 'grupo armado', 'atentado*', 'explosivos', 'radicaliz*', '~combatientes', '~reclutas', '~frustra*', 'yihadista*', 'bomba*', 'estado islamico', 'artefacto explosivo', 'rehen*', 'celula terrorista', 'yihadistas', '~recluta*'],
    ru: ['террор*', 'экстремист*', 'финансировани* терроризма', 'боевик*'],
    ar: ['ارهاب*', 'الارهاب', 'ارهابي*', 'متطرف*', 'تمويل الارهاب', 'جماعة مسلحة'],
    zh: ['恐怖', '极端主义', '恐怖融资', '武装组织', '恐怖分子'],
  } },
];
