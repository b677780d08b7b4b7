// Company roles and country codes, without zod: the signed-in shell shows a client's company role before the
// validation library loads.

/** What a person of a client company may do there (issue 30): everything, money, or the work without the money. */
export const COMPANY_ROLES = ['owner', 'billing', 'member'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  owner: 'Owner',
  billing: 'Billing',
  member: 'Member',
};

export function isCompanyRole(value: unknown): value is CompanyRole {
  return (COMPANY_ROLES as readonly unknown[]).includes(value);
}

/** Whether a company role sees money: budgets, invoices and payments. */
export function seesMoney(role: CompanyRole): boolean {
  return role === 'owner' || role === 'billing';
}

/** The officially assigned ISO 3166-1 alpha-2 codes. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export function isCountryCode(value: string): boolean {
  return COUNTRY_CODES.includes(value);
}

/** Removing or demoting the last owner (409 LAST_OWNER). */
export const LAST_OWNER_MESSAGE = 'A company needs at least one owner: make someone else owner first';
/** Inviting an address that already has an account (409 EMAIL_TAKEN): no account is moved between companies. */
export const INVITEE_HAS_ACCOUNT_MESSAGE = 'This address already has an account; ask them to use another address';
