// English texts of the email namespace: ids `email.<key>` (src/shared/texts.ts).
export default {} as const;
