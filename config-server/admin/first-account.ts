/**
 * The one command that creates the first ops account. Printed by `npm start`, shown by /admin while no
 * account exists, and quoted in the README: one copy, so the three never disagree.
 */
export const FIRST_ACCOUNT_COMMAND =
  "ADMIN_PASSWORD='choose-a-long-one' npm run admin:create-user -- --user ops --role publisher";
