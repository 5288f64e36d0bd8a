/** Small ingest-format builders for the risk tests. */
export const source = { kind: 'source', id: 'src-risk', label: 'Risk test register', country: 'GBR', source_type: 'company_register' };

export type Risk = { factor: string; country?: string[] };

/** A US OFAC SDN listing, the factor most risk tests toggle. */
export const OFAC: Risk = { factor: 'sanctioned_usa_ofac_sdn', country: ['USA'] };

export const entity = (id: string, risk: Risk[] = [], type = 'company') => ({ kind: 'entity', id, type, label: id.toUpperCase(), risk });

/** `from <type> to`: with has_shareholder, `to` holds `percentage` of `from`. */
export const fact = (type: string, from: string, to: string, percentage?: number, toDate?: string) => ({
  kind: 'relationship', type, from, to,
  ...(percentage === undefined ? {} : { shares: [{ percentage }] }),
  ...(toDate ? { to_date: toDate } : {}),
});

export const sameAs = (a: string, b: string) => ({ kind: 'possibly_same_as', a, b });
