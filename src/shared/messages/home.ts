// English texts of the home namespace: ids `home.<key>` (src/shared/texts.ts).
export default {} as const;
