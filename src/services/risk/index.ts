/**
 * Risk factors derived from the graph (./derivation.ts), the re-scoring of entities after a
 * change (./scorer.ts), and the project notifications a change of risk produces
 * (./notifications.ts). See docs/risk-and-notifications.md.
 */
export * from './derivation';
export * from './explanation';
export * from './falsePositives';
export * from './notifications';
export * from './scorer';
