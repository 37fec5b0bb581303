/**
 * `/admin`, each admin page (admin-paths.ts: ADMIN_PAGE_NAMES at adminPagePath) and the e-mailed
 * staff links (`welcome`, `reset-password`), with or without a trailing slash; nothing else under
 * /admin. The router's test for loading the admin area, written out rather than built from the
 * list: the list and its builder would be in every public first load (about 70 bytes gzipped), which
 * has none to spare. admin-paths.test.ts keeps the two in step.
 */
export const ADMIN_PATH =
  /^\/admin(?:\/(?:dashboard|banners|schedule|ticketing|tickets|launches|locations|payments|payments\/statements|pwa-settings|texts|staff|audit|boarding|counter|cashups|refunds|partners|reports|settings|welcome|reset-password))?\/?$/;
