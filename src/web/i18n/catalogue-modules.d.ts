// A namespace compiled by scripts/catalogue-plugin.ts: Lingui's messages under their ids.
declare module '*.ts?catalogue' {
  import type { Messages } from './catalogue.ts';

  const messages: Messages;
  export default messages;
}
