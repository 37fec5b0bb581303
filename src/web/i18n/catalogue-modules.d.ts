// A namespace compiled by scripts/catalogue-plugin.ts: Lingui's messages under their ids.
declare module '*.ts?catalogue' {
  import type { Messages } from '@lingui/core';

  const messages: Messages;
  export default messages;
}
