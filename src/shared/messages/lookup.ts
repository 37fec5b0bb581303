// English texts of the lookup namespace: ids `lookup.<key>` (src/shared/texts.ts).
export default {} as const;
