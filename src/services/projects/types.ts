/** The kinds of project a user can create (the published client's ProjectType). */
export const PROJECT_TYPES = ['network', 'supply_chain'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
