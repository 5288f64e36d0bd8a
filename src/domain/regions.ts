/**
 * World regions of countries (UN M49 sub-regions, snake_case keys) for the `region` facet.
 * XXX (international), UNK (unknown) and RKS map to what they are; a country missing here
 * simply has no region bucket.
 */
const REGIONS: Record<string, string> = {
  northern_europe: 'ALA DNK EST FIN FRO GBR GGY IMN IRL ISL JEY LTU LVA NOR SJM SWE',
  western_europe: 'AUT BEL CHE DEU FRA LIE LUX MCO NLD',
  eastern_europe: 'BGR BLR CZE HUN MDA POL ROU RUS SVK UKR',
  southern_europe: 'ALB AND BIH ESP GIB GRC HRV ITA MKD MLT MNE PRT RKS SMR SRB SVN VAT',
  western_asia: 'ARE ARM AZE BHR CYP GEO IRQ ISR JOR KWT LBN OMN PSE QAT SAU SYR TUR YEM',
  central_asia: 'KAZ KGZ TJK TKM UZB',
  southern_asia: 'AFG BGD BTN IND IRN LKA MDV NPL PAK',
  eastern_asia: 'CHN HKG JPN KOR MAC MNG PRK TWN',
  south_eastern_asia: 'BRN IDN KHM LAO MMR MYS PHL SGP THA TLS VNM',
  northern_africa: 'DZA EGY ESH LBY MAR SDN TUN',
  sub_saharan_africa:
    'AGO BDI BEN BFA BWA CAF CIV CMR COD COG COM CPV DJI ERI ETH GAB GHA GIN GMB GNB GNQ IOT KEN LBR LSO MDG MLI MOZ MRT MUS MWI MYT NAM NER NGA REU RWA SEN SHN SLE SOM SSD STP SWZ SYC TCD TGO TZA UGA ZAF ZMB ZWE ATF',
  northern_america: 'BMU CAN GRL SPM USA',
  latin_america_and_the_caribbean:
    'ABW AIA ARG ATG BES BHS BLM BLZ BOL BRA BRB BVT CHL COL CRI CUB CUW CYM DMA DOM ECU FLK GLP GRD GTM GUF GUY HND HTI JAM KNA LCA MAF MEX MSR MTQ NIC PAN PER PRI PRY SGS SLV SUR SXM TCA TTO URY VCT VEN VGB VIR',
  oceania: 'ASM AUS CCK COK CXR FJI FSM GUM HMD KIR MHL MNP NCL NFK NIU NRU NZL PCN PLW PNG PYF SLB TKL TON TUV UMI VUT WLF WSM',
  antarctica: 'ATA',
  international: 'XXX',
  unknown: 'UNK',
};

export const REGION_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(REGIONS).flatMap(([region, countries]) => countries.split(' ').map((c) => [c, region])),
);

export const regionOf = (country: string): string | undefined => REGION_OF[country];
