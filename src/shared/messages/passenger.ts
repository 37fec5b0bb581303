// English texts of the passenger namespace: ids `passenger.<key>` (src/shared/texts.ts).
export default {} as const;
